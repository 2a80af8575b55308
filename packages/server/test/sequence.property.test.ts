// Property: random concurrent node mutations keep the sequence a gapless 0..n-1 with end last.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequenceNodes } from '../src/db/schema.js';
import { call, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeAll(async () => {
  // Hundreds of calls on a clock that stands still: the per-key rate limit is off here.
  w = await world({ config: { rateLimit: false } });
});
afterAll(() => w.close());

type Mutation =
  | { op: 'add'; position: number | null }
  | { op: 'move'; pick: number; position: number }
  | { op: 'delete'; pick: number }
  | { op: 'update'; pick: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), position: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }) }),
  fc.record({ op: fc.constant('move' as const), pick: fc.nat(20), position: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat(20) }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(20) }),
);

describe('sequence ordering', () => {
  it('stays 0..n-1 with the end node last under random concurrent mutations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(mutation, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        async (rounds) => {
          const api = (method: string, path: string, body?: unknown) =>
            call(w.app, method, path, { key: w.demo.apiKey, body });
          const id = (await api('POST', '/api/campaigns', { name: 'P', type: 'email' })).json.campaign.id as string;
          for (const round of rounds) {
            const current = w.app.ctx.db.select().from(sequenceNodes).where(eq(sequenceNodes.campaignId, id)).all();
            const movable = current.filter((n) => n.type !== 'end');
            const pick = (i: number) => movable[i % Math.max(1, movable.length)];
            // Every mutation of a round is sent at once.
            const results = await Promise.all(
              round.map((m) => {
                if (m.op === 'add')
                  return api('POST', `/api/campaigns/${id}/sequence/nodes`, {
                    type: 'email',
                    subject: 's',
                    body: 'b',
                    position: m.position,
                  });
                const node = pick(m.pick);
                if (!node)
                  return api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'delay', delay_minutes: 5 });
                if (m.op === 'move')
                  return api('POST', `/api/campaigns/${id}/sequence/nodes/${node.id}/move`, { position: m.position });
                if (m.op === 'delete') return api('DELETE', `/api/campaigns/${id}/sequence/nodes/${node.id}`);
                return api('PUT', `/api/campaigns/${id}/sequence/nodes/${node.id}`, { body: 'updated' });
              }),
            );
            // Each call either succeeds or is refused cleanly (a node deleted by a sibling call is 404,
            // a move past the end is 400): never a 500.
            for (const r of results) expect([200, 201, 400, 404]).toContain(r.status);
            const nodes = w.app.ctx.db
              .select()
              .from(sequenceNodes)
              .where(eq(sequenceNodes.campaignId, id))
              .all()
              .sort((a, b) => a.position - b.position);
            expect(nodes.map((n) => n.position)).toEqual(nodes.map((_, i) => i));
            expect(nodes.filter((n) => n.type === 'end')).toHaveLength(1);
            expect(nodes.at(-1)?.type).toBe('end');
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
