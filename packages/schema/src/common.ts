import { z } from 'zod';
import { LIMITS } from './limits.js';

/** A UUID string (ids of every resource). */
export const Uuid = z.uuid().max(36);

/** An ISO 8601 date-time in UTC, written with a trailing `Z`. */
export const Timestamp = z.iso.datetime({ offset: false }).max(40);

/** A plain string of at most `max` characters. */
export const text = (max: number) => z.string().max(max);

/** A non-empty string of at most `max` characters. */
export const nonEmpty = (max: number) => z.string().min(1).max(max);

/** An integer in [min, max], documented as int32 when it fits, else int64. */
export const int = (min: number, max: number) =>
  z
    .int()
    .min(min)
    .max(max)
    .meta({ format: min >= -2_147_483_648 && max <= 2_147_483_647 ? 'int32' : 'int64' });

/** A counter: an integer >= 0. */
export const Counter = int(0, Number.MAX_SAFE_INTEGER);

/** An absolute http(s) URL. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** An email address. */
export const Email = z.email().max(254);

/** Channel values on the wire: `email` and the professional social network, `socialnet`. */
export const Channel = z.enum(['email', 'socialnet']).meta({ id: 'Channel' });
export type Channel = z.infer<typeof Channel>;

/** Query parameter coerced from its string form to an integer in [min, max]. */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .meta({ format: max <= 2_147_483_647 ? 'int32' : 'int64' });

/** `limit` and `page` query parameters of every paged list. */
export const PageQuery = z.object({
  limit: queryInt(LIMITS.pageSize.min, LIMITS.pageSize.max)
    .default(LIMITS.pageSize.default)
    .meta({ description: 'Page size.' }),
  page: queryInt(LIMITS.page.min, LIMITS.page.max).default(1).meta({ description: '1-based page number.' }),
});

/** Paging facts returned beside every paged list. */
export const PageInfo = {
  total: Counter,
  page: int(LIMITS.page.min, LIMITS.page.max),
  limit: int(LIMITS.pageSize.min, LIMITS.pageSize.max),
  has_more: z.boolean(),
};

/** Path parameters `{id}`. */
export const IdParams = z.object({ id: Uuid });

/** `{success: true}`. */
export const Success = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

/** A URL a person opens in a browser, with its expiry. */
export const HostedUrl = z
  .object({
    url: HttpUrl,
    expires_at: Timestamp.meta({ description: 'When the URL stops working.' }),
  })
  .meta({ id: 'HostedUrl' });

/**
 * Accepts a body where some fields have a snake_case name and a camelCase alias, and
 * returns it with only the snake_case names. Giving both names with different values is an
 * error that names both fields.
 */
export function withAliases<
  S extends z.ZodObject,
  const A extends Readonly<Record<string, keyof z.output<S> & string>>,
>(schema: S, aliases: A) {
  return schema
    .superRefine((value, ctx) => {
      const v = value as Record<string, unknown>;
      for (const [alias, canonical] of Object.entries(aliases)) {
        if (v[alias] !== undefined && v[canonical] !== undefined && !sameJson(v[alias], v[canonical])) {
          ctx.addIssue({
            code: 'custom',
            path: [alias],
            message: `${canonical} and ${alias} are the same field; give one of them`,
          });
        }
      }
    })
    .transform((value) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [alias, canonical] of Object.entries(aliases)) {
        if (out[alias] !== undefined && out[canonical] === undefined) out[canonical] = out[alias];
        delete out[alias];
      }
      return out as Omit<z.output<S>, keyof A>;
    });
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
