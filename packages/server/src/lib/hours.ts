import { zonedParts, zonedTimeToUtc } from './tz.js';

export interface Hours {
  timezone: string;
  windows: { day: string; start: string; end: string }[];
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Whether an instant falls inside a weekly window, read on the zone's wall clock (DST-correct). */
export function insideHours(ms: number, hours: Hours): boolean {
  const p = zonedParts(ms, hours.timezone);
  const day = DAYS[p.weekday];
  const now = p.hour * 60 + p.minute;
  return hours.windows.some((w) => w.day === day && now >= minutes(w.start) && now < minutes(w.end));
}

/** The next instant at or after `ms` when a window opens (within 8 days), or undefined. */
export function nextOpening(ms: number, hours: Hours): number | undefined {
  if (insideHours(ms, hours)) return ms;
  const today = zonedParts(ms, hours.timezone);
  let best: number | undefined;
  for (let add = 0; add <= 7; add++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + add));
    const weekday = (today.weekday + add) % 7;
    for (const w of hours.windows) {
      if (w.day !== DAYS[weekday]) continue;
      const m = minutes(w.start);
      const at = zonedTimeToUtc(
        {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: Math.floor(m / 60),
          minute: m % 60,
        },
        hours.timezone,
      );
      if (at > ms && (best === undefined || at < best)) best = at;
    }
    if (best !== undefined) return best;
  }
  return best;
}

/** Start of the local day of an instant in the zone. */
export function startOfLocalDay(ms: number, timezone: string): number {
  const p = zonedParts(ms, timezone);
  return zonedTimeToUtc({ year: p.year, month: p.month, day: p.day, hour: 0, minute: 0 }, timezone);
}
