import { z } from 'zod';
import { text } from '../common.js';

export const Weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']).meta({ id: 'Weekday' });

const Clock = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/)
  .meta({ description: 'Local wall-clock time, HH:MM (24:00 ends a window at midnight).' });

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * When a campaign may send: an IANA time zone and weekly windows of local wall-clock time.
 * Windows are evaluated in the zone's local time, so they stay correct across DST changes.
 * A window that crosses midnight is written as two windows.
 */
export const OperatingHours = z
  .object({
    timezone: text(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris'),
    windows: z
      .array(
        z
          .object({ day: Weekday, start: Clock, end: Clock })
          .refine((w) => w.start < w.end, { message: 'start must be before end', path: ['end'] }),
      )
      .min(1)
      .max(21),
  })
  .meta({ id: 'OperatingHours' });
export type OperatingHours = z.infer<typeof OperatingHours>;
