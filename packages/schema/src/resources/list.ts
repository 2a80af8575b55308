import { z } from 'zod';
import { int, nonEmpty, Timestamp, Uuid } from '../common.js';

export const ColumnType = z.enum(['text', 'number', 'email', 'url', 'date', 'boolean']).meta({ id: 'ColumnType' });

export const ListColumn = z
  .object({ id: Uuid, list_id: Uuid, name: nonEmpty(100), type: ColumnType, position: int(0, 199) })
  .meta({ id: 'ListColumn' });

export const List = z
  .object({ id: Uuid, name: nonEmpty(200), columns: z.array(ListColumn).max(200), created_at: Timestamp })
  .meta({ id: 'List' });

/** Body of the list create (extension). */
export const CreateListBody = z
  .object({
    name: nonEmpty(200),
    columns: z
      .array(z.object({ name: nonEmpty(100), type: ColumnType.default('text') }))
      .max(200)
      .default([]),
  })
  .meta({ id: 'CreateListBody' });

export const ListEnvelope = z.object({ list: List }).meta({ id: 'ListEnvelope' });

/** The caller's view of one column. Keyed by (list, user, column). */
export const ColumnPreference = z.object({ columnId: Uuid, isHidden: z.boolean() }).meta({ id: 'ColumnPreference' });

export const ColumnPreferenceBody = ColumnPreference;
export const ColumnPreferences = z
  .object({ preferences: z.array(ColumnPreference).max(200) })
  .meta({ id: 'ColumnPreferences' });

export const UpdateColumnBody = z
  .object({ name: nonEmpty(100).optional(), type: ColumnType.optional(), position: int(0, 199).optional() })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of name, type, position')
  .meta({ id: 'UpdateColumnBody' });
export const ColumnEnvelope = z.object({ column: ListColumn }).meta({ id: 'ColumnEnvelope' });

export const ListColumnParams = z.object({ id: Uuid, colId: Uuid });
