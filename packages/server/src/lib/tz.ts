// Time-zone arithmetic with Intl only (no tz database of our own).

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The local wall-clock reading of an instant in a zone. */
export function zonedParts(ms: number, tz: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon'),
  };
}

/** Offset of the zone from UTC at an instant, in ms (local = utc + offset). */
export function zoneOffset(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock reads the given local time. In a DST gap the time
 * is moved forward by the gap; in an overlap the earlier instant is chosen.
 */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  tz: string,
): number {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = guess - zoneOffset(guess, tz);
  const second = guess - zoneOffset(first, tz);
  return Math.min(first, second);
}

/** Next instant strictly after `afterMs` when the zone's clock reads HH:MM. */
export function nextDailyTime(afterMs: number, hhmm: string, tz: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const today = zonedParts(afterMs, tz);
  for (let add = 0; add < 3; add++) {
    const base = new Date(Date.UTC(today.year, today.month - 1, today.day + add));
    const at = zonedTimeToUtc(
      { year: base.getUTCFullYear(), month: base.getUTCMonth() + 1, day: base.getUTCDate(), hour: h, minute: m },
      tz,
    );
    if (at > afterMs) return at;
  }
  throw new Error('unreachable: a daily time occurs within three days');
}
