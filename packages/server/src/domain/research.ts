import { normalizeLinkedInUrl } from '@outbound/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { partners, researchPeople, researchReports } from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso, isoOrNull } from '../lib/time.js';
import { ResearchFailure } from '../providers/research.js';
import { requireCredits } from './credits.js';
import { emitEvent } from './events.js';

type Person = typeof researchPeople.$inferSelect;

function personView(p: Person) {
  return {
    id: p.id,
    user_id: p.userId,
    first_name: p.firstName,
    last_name: p.lastName,
    linkedin_url: p.linkedinUrl,
    role: p.role,
    company: p.company,
    company_domain: p.companyDomain,
    photo_url: p.photoUrl,
    status: p.status,
    last_enriched_at: isoOrNull(p.lastEnrichedAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The envelope of submit and get: the report only when the person is complete. */
function envelope(ctx: AppContext, p: Person) {
  const latest =
    p.status === 'complete'
      ? ctx.db
          .select()
          .from(researchReports)
          .where(eq(researchReports.personId, p.id))
          .orderBy(desc(researchReports.version))
          .get()
      : undefined;
  return {
    person: personView(p),
    status: p.status,
    report: latest?.report ?? null,
    change_summary: latest?.changeSummary ?? null,
  };
}

function queueRun(ctx: AppContext, t: Tx, p: Person, at: number): void {
  ctx.runner.enqueue(t, {
    type: 'research.run',
    payload: { personId: p.id, run: p.run },
    runAt: at,
    idempotencyKey: `research:${p.id}:${p.run}`,
  });
}

/**
 * Submit by the spec's table: complete → 200 with the cached report; running or idle → 200,
 * report null; failed → flipped to running and re-triggered, 202; new → inserted and triggered,
 * 202. The normalised URL is the per-partner duplicate key, so concurrent submits start one run.
 */
export async function submitResearch(
  ctx: AppContext,
  partnerId: string,
  body: { first_name: string; last_name: string; linkedin_url: string },
) {
  const url = normalizeLinkedInUrl(body.linkedin_url);
  const now = ctx.clock.now();
  const find = () =>
    ctx.db
      .select()
      .from(researchPeople)
      .where(and(eq(researchPeople.partnerId, partnerId), eq(researchPeople.linkedinUrl, url)))
      .get();
  const existing = find();
  if (existing && existing.status !== 'failed') return { status: 200, body: envelope(ctx, existing) };
  await requireCredits(ctx, { partnerId }, 'DEEP_RESEARCH');
  const result = tx(ctx.db, (t) => {
    const current = t
      .select()
      .from(researchPeople)
      .where(and(eq(researchPeople.partnerId, partnerId), eq(researchPeople.linkedinUrl, url)))
      .get();
    if (!current) {
      const row = t
        .insert(researchPeople)
        .values({
          id: uuid(),
          partnerId,
          firstName: body.first_name,
          lastName: body.last_name,
          linkedinUrl: url,
          status: 'running',
          run: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      queueRun(ctx, t, row, now + ctx.config.researchDurationMs);
      return { status: 202, person: row };
    }
    // Atomic flip: only one of concurrent resubmits of a failed person re-triggers the pipeline.
    const flipped = t
      .update(researchPeople)
      .set({
        status: 'running',
        run: sql`${researchPeople.run} + 1`,
        firstName: body.first_name,
        lastName: body.last_name,
        updatedAt: now,
      })
      .where(and(eq(researchPeople.id, current.id), eq(researchPeople.status, 'failed')))
      .returning()
      .get();
    if (!flipped) return { status: 200, person: current };
    queueRun(ctx, t, flipped, now + ctx.config.researchDurationMs);
    return { status: 202, person: flipped };
  });
  return { status: result.status, body: envelope(ctx, result.person) };
}

export function getResearch(ctx: AppContext, partnerId: string, id: string) {
  const p = ctx.db
    .select()
    .from(researchPeople)
    .where(and(eq(researchPeople.id, id), eq(researchPeople.partnerId, partnerId)))
    .get();
  if (!p) throw new HttpError(404, 'Research person not found');
  return envelope(ctx, p);
}

/** What changed between two versions of a report, in one sentence. */
function changeSummary(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (keys.length === 0) return 'No changes since the previous version.';
  const score = keys.includes('icp_score')
    ? ` ICP score ${String(before.icp_score)} → ${String(after.icp_score)}.`
    : '';
  return `Changed: ${keys.join(', ')}.${score}`;
}

/** The pipeline run of a person (job `research.run`): a new report version or a failure, with its event. */
export async function runResearch(ctx: AppContext, payload: { personId: string; run: number }): Promise<void> {
  const p = ctx.db.select().from(researchPeople).where(eq(researchPeople.id, payload.personId)).get();
  if (p?.status !== 'running' || p.run !== payload.run) return;
  let findings: Awaited<ReturnType<AppContext['providers']['research']['research']>>;
  try {
    findings = await ctx.providers.research.research({
      firstName: p.firstName,
      lastName: p.lastName,
      linkedinUrl: p.linkedinUrl,
      run: p.run,
    });
  } catch (error) {
    const failure =
      error instanceof ResearchFailure ? error : new ResearchFailure('provider_error', 'The research provider failed');
    const now = ctx.clock.now();
    tx(ctx.db, (t) => {
      const failed = t
        .update(researchPeople)
        .set({ status: 'failed', updatedAt: now })
        .where(and(eq(researchPeople.id, p.id), eq(researchPeople.run, p.run), eq(researchPeople.status, 'running')))
        .returning({ id: researchPeople.id })
        .get();
      if (!failed) return;
      emitEvent(
        t,
        { partnerId: p.partnerId },
        'research.failed',
        {
          id: p.id,
          first_name: p.firstName,
          last_name: p.lastName,
          linkedin_url: p.linkedinUrl,
          error: { code: failure.code, message: failure.message },
          failed_at: iso(now),
        },
        now,
      );
    });
    return;
  }
  const now = ctx.clock.now();
  tx(ctx.db, (t) => {
    const previous = t
      .select()
      .from(researchReports)
      .where(eq(researchReports.personId, p.id))
      .orderBy(desc(researchReports.version))
      .get();
    const done = t
      .update(researchPeople)
      .set({
        status: 'complete',
        role: findings.role,
        company: findings.company,
        companyDomain: findings.companyDomain,
        lastEnrichedAt: now,
        updatedAt: now,
      })
      .where(and(eq(researchPeople.id, p.id), eq(researchPeople.run, p.run), eq(researchPeople.status, 'running')))
      .returning({ id: researchPeople.id })
      .get();
    if (!done) return;
    t.insert(researchReports)
      .values({
        id: uuid(),
        personId: p.id,
        version: (previous?.version ?? 0) + 1,
        report: findings.report,
        changeSummary: previous ? changeSummary(previous.report, findings.report) : null,
        createdAt: now,
      })
      .run();
    t.run(sql`UPDATE ${partners} SET credit_balance = max(0, credit_balance - 25) WHERE id = ${p.partnerId}`);
    emitEvent(
      t,
      { partnerId: p.partnerId },
      'research.complete',
      {
        id: p.id,
        first_name: p.firstName,
        last_name: p.lastName,
        company: findings.company,
        icp_score: findings.report.icp_score,
        report_url: `${ctx.config.baseUrl.replace(/\/$/, '')}/api/v1/deep-research/${p.id}`,
      },
      now,
    );
    // A complete report is refreshed later; the refresh is a new version with its change summary.
    ctx.runner.enqueue(t, {
      type: 'research.refresh',
      payload: { personId: p.id, run: p.run },
      runAt: now + ctx.config.researchRefreshMs,
      idempotencyKey: `research-refresh:${p.id}:${p.run}`,
    });
  });
}

/** The periodic refresh of a complete person (job `research.refresh`). */
export function refreshResearch(ctx: AppContext, payload: { personId: string; run: number }): void {
  const now = ctx.clock.now();
  tx(ctx.db, (t) => {
    const p = t
      .update(researchPeople)
      .set({ status: 'running', run: sql`${researchPeople.run} + 1`, updatedAt: now })
      .where(
        and(
          eq(researchPeople.id, payload.personId),
          eq(researchPeople.run, payload.run),
          eq(researchPeople.status, 'complete'),
        ),
      )
      .returning()
      .get();
    if (p) queueRun(ctx, t, p, now + ctx.config.researchDurationMs);
  });
}
