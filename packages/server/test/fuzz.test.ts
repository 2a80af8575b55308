// Fuzzing every operation of the registry with fast-check: generated and mutated bodies, queries
// and path ids (wrong types, huge strings, unicode, nulls, deep nesting, injection strings).
// Rule: never a 5xx, and every 4xx in the operation's documented body shape.
// CI runs FUZZ_RUNS (default 40) cases per operation; `FUZZ_RUNS=200 pnpm test fuzz` runs 10 000+.
import { type Operation, operationList } from '@outbound/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestWorld, world } from './helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const ops = operationList as Operation[];

let w: TestWorld;
let sent = 0;
beforeAll(async () => {
  w = await world({ config: { rateLimit: false, validateResponses: false } });
});
afterAll(() => {
  console.log(`fuzz: ${sent} requests over ${ops.length} operations`);
  w.close();
});

const INJECTIONS = [
  "' OR 1=1 --",
  '"; DROP TABLE campaigns; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text.
  '${process.env}',
  '../../../../etc/passwd',
  '\u0000',
  '\ud800',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
];

/** Any JSON-ish value, including the awkward ones. */
const nasty: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER * 4, -1, 0, 1e308),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(...INJECTIONS),
    fc.constant('x'.repeat(70_000)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Deeply nested arrays, beyond any schema's depth. */
const deep = fc.integer({ min: 50, max: 2_000 }).map((n) => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`));

/** A valid-looking body for the operation with fields replaced by nasty values. */
function mutatedBody(op: Operation): fc.Arbitrary<unknown> {
  const shape = (op.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : [];
  const mutated =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((k) => [k, nasty])) as Record<string, fc.Arbitrary<unknown>>, {
          requiredKeys: [],
        })
      : fc.dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 3 });
  return fc.oneof(mutated, nasty, deep, fc.constant('not json'));
}

// Path segments a client can send: well-formed text (a lone surrogate cannot be percent-encoded)
// and never empty (an empty segment is another route, answered by the router's own 404).
const pathValue = fc
  .oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 60 }),
    fc.constantFrom(...INJECTIONS, '%', '..%2f', 'x'.repeat(5_000)),
  )
  // Dot segments are resolved by URL parsing before any route sees them.
  .filter((v) => !/\p{Cs}/u.test(v) && v.length > 0 && v !== '.' && v !== '..');

function queryFor(op: Operation): fc.Arbitrary<string> {
  const shape = (op.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : ['limit', 'page'];
  return fc
    .dictionary(
      fc.constantFrom(...keys, 'x'),
      fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...INJECTIONS, '-1', '1e99', '')),
      {
        maxKeys: 4,
      },
    )
    .map((q) => {
      const s = new URLSearchParams(q).toString();
      return s ? `?${s}` : '';
    });
}

function keyFor(op: Operation): string | undefined {
  if (op.auth === 'partnerKey') return w.demo.partnerKey;
  if (op.auth === 'apiKey') return w.demo.apiKey;
  return undefined;
}

/** The documented error shape of the operation for that status (429 is always structured). */
function expectDocumentedShape(op: Operation, status: number, body: unknown, text: string) {
  const spec = op.errors[status as keyof Operation['errors']];
  const shape = spec?.shape ?? (status === 404 || status === 405 || status === 413 ? 'structured' : undefined);
  const flat = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
  const structured =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: { code?: unknown; message?: unknown } }).error?.code === 'string' &&
    typeof (body as { error?: { message?: unknown } }).error?.message === 'string';
  expect(flat || structured, `${op.operationId} ${status}: ${text.slice(0, 200)}`).toBe(true);
  if (shape === 'flat' && status !== 429) expect(flat, `${op.operationId} ${status} is flat`).toBe(true);
  if (shape === 'structured') expect(structured, `${op.operationId} ${status} is structured`).toBe(true);
  // Nothing internal leaks.
  expect(text).not.toMatch(/at .+\.(ts|js):\d+|SqliteError|SQLITE_|node_modules/);
}

describe('fuzzing every operation', () => {
  for (const op of ops) {
    it(`${op.operationId}: no 5xx, 4xx in the documented shape`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 2, maxLength: 2 }),
          queryFor(op),
          op.bodyKind === 'json' ? mutatedBody(op) : fc.constant(undefined),
          async ([a, b], query, body) => {
            const values = [a, b];
            const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(values.shift() ?? ''));
            const rawBody = body === undefined ? undefined : body === 'not json' ? '{"a":' : JSON.stringify(body);
            const res = await call(w.app, op.method.toUpperCase(), `${path}${query}`, {
              key: keyFor(op),
              rawBody,
              headers: rawBody === undefined ? {} : { 'content-type': 'application/json' },
            });
            sent++;
            expect(res.status, `${op.method} ${path}${query} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) expectDocumentedShape(op, res.status, res.json, res.text);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});
