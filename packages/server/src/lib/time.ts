/** ISO 8601 UTC with a trailing Z. */
export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses durations like `250ms`, `30s`, `2m`, `1h`, `3d` (or a number of milliseconds). */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(value.trim());
  if (!m) throw new RangeError(`not a duration: ${value}`);
  return Number(m[1]) * (UNITS[m[2]!] ?? 1);
}
