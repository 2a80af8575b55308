import { delayIssue, LEGAL_NODE_TYPES, LIMITS, type NodeType } from '@outbound/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { campaigns, sequenceNodes } from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import type { CampaignRow } from './campaigns.js';

type NodeRow = typeof sequenceNodes.$inferSelect;

export function nodeView(n: NodeRow) {
  return {
    id: n.id,
    campaign_id: n.campaignId,
    type: n.type,
    position: n.position,
    subject: n.subject,
    body: n.body,
    signature: n.signature,
    include_message: n.includeMessage,
    is_reply: n.isReply,
    delay_days: n.delayDays,
    delay_hours: n.delayHours,
    delay_minutes: n.delayMinutes,
    ai_node: n.aiNode as never,
  };
}

export interface NodeContent {
  subject?: string | null;
  body?: string | null;
  signature?: string | null;
  include_message?: boolean | null;
  is_reply?: boolean | null;
  delay_days?: number | null;
  delay_hours?: number | null;
  delay_minutes?: number | null;
}

const content = (b: NodeContent): Partial<NodeRow> => {
  const out: Partial<NodeRow> = {};
  if (b.subject !== undefined) out.subject = b.subject;
  if (b.body !== undefined) out.body = b.body;
  if (b.signature !== undefined) out.signature = b.signature;
  if (b.include_message !== undefined) out.includeMessage = b.include_message;
  if (b.is_reply !== undefined) out.isReply = b.is_reply;
  if (b.delay_days !== undefined) out.delayDays = b.delay_days;
  if (b.delay_hours !== undefined) out.delayHours = b.delay_hours;
  if (b.delay_minutes !== undefined) out.delayMinutes = b.delay_minutes;
  return out;
};

const checkDelay = (
  n: Pick<NodeRow, 'type' | 'delayDays' | 'delayHours' | 'delayMinutes'>,
  field = 'delay_minutes',
) => {
  if (n.type !== 'delay') return;
  const issue = delayIssue({ delay_days: n.delayDays, delay_hours: n.delayHours, delay_minutes: n.delayMinutes });
  if (issue) throw new HttpError(400, issue, { field });
};

/** Loads a draft campaign of the caller inside the transaction: 404 if missing, 409 if not a draft. */
function draft(t: Tx, userId: string, campaignId: string): CampaignRow {
  const c = t
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .get();
  if (!c) throw new HttpError(404, 'Campaign not found');
  if (c.status !== 'draft')
    throw new HttpError(409, `The sequence can change only while the campaign is a draft (it is ${c.status})`);
  return c;
}

function ordered(t: Tx, campaignId: string): NodeRow[] {
  return t
    .select()
    .from(sequenceNodes)
    .where(eq(sequenceNodes.campaignId, campaignId))
    .orderBy(asc(sequenceNodes.position))
    .all();
}

/** Writes positions 0..n-1 in the given order, `end` last. */
function renumber(t: Tx, order: NodeRow[]): void {
  order.forEach((n, i) => {
    if (n.position !== i) t.update(sequenceNodes).set({ position: i }).where(eq(sequenceNodes.id, n.id)).run();
  });
}

/** Runs a sequence mutation, then reads the sequence back; `{mutated, node_id}` when the read fails. */
function mutate(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  nodeId: string | undefined,
  fn: (t: Tx, c: CampaignRow) => string,
) {
  const id = tx(ctx.db, (t) => {
    const c = draft(t, userId, campaignId);
    const touched = fn(t, c);
    t.update(campaigns).set({ updatedAt: ctx.clock.now() }).where(eq(campaigns.id, campaignId)).run();
    return touched;
  });
  try {
    return {
      sequence_nodes: ctx.db
        .select()
        .from(sequenceNodes)
        .where(eq(sequenceNodes.campaignId, campaignId))
        .orderBy(asc(sequenceNodes.position))
        .all()
        .map(nodeView),
    };
  } catch (error) {
    ctx.logger.warn({ err: String(error), campaignId }, 'sequence read-back failed after a mutation');
    return { mutated: true as const, node_id: nodeId ?? id };
  }
}

export function addNode(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  body: NodeContent & { type: NodeType; position?: number | null },
) {
  return mutate(ctx, userId, campaignId, undefined, (t, c) => {
    const legal = LEGAL_NODE_TYPES[c.type] as readonly NodeType[];
    if (!legal.includes(body.type)) {
      throw new HttpError(400, `A ${c.type} campaign accepts ${legal.join(', ')} nodes, not ${body.type}`, {
        field: 'type',
      });
    }
    const nodes = ordered(t, campaignId);
    if (body.type === 'end') throw new HttpError(400, 'The sequence already has its end node', { field: 'type' });
    if (nodes.length >= LIMITS.sequenceNodes.max) {
      throw new HttpError(400, `A sequence has at most ${LIMITS.sequenceNodes.max} nodes`);
    }
    const endIndex = nodes.findIndex((n) => n.type === 'end');
    const at = body.position == null ? endIndex : Math.min(body.position, endIndex);
    const row: NodeRow = {
      id: uuid(),
      campaignId,
      type: body.type,
      position: at,
      subject: null,
      body: null,
      signature: null,
      includeMessage: null,
      isReply: null,
      delayDays: null,
      delayHours: null,
      delayMinutes: null,
      aiNode: null,
      createdAt: ctx.clock.now(),
      ...content(body),
    };
    checkDelay(row);
    t.insert(sequenceNodes).values(row).run();
    renumber(t, [...nodes.slice(0, at), row, ...nodes.slice(at)]);
    return row.id;
  });
}

export function updateNode(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  nodeId: string,
  body: NodeContent & { type?: NodeType; ai_node?: { purpose: string; output_type: string } },
) {
  return mutate(ctx, userId, campaignId, nodeId, (t) => {
    const node = ordered(t, campaignId).find((n) => n.id === nodeId);
    if (!node) throw new HttpError(404, 'Sequence node not found');
    if (body.type !== undefined && body.type !== node.type) {
      throw new HttpError(400, 'A node type cannot change: delete the node and add one of the new type', {
        field: 'type',
      });
    }
    if (body.ai_node !== undefined && node.type !== 'ai') {
      throw new HttpError(400, 'ai_node is set only on ai nodes', { field: 'ai_node' });
    }
    const patch = { ...content(body), ...(body.ai_node !== undefined ? { aiNode: body.ai_node } : {}) };
    checkDelay({ ...node, ...patch });
    if (Object.keys(patch).length) t.update(sequenceNodes).set(patch).where(eq(sequenceNodes.id, nodeId)).run();
    return nodeId;
  });
}

export function deleteNode(ctx: AppContext, userId: string, campaignId: string, nodeId: string) {
  return mutate(ctx, userId, campaignId, nodeId, (t) => {
    const nodes = ordered(t, campaignId);
    const node = nodes.find((n) => n.id === nodeId);
    if (!node) throw new HttpError(404, 'Sequence node not found');
    if (node.type === 'end') throw new HttpError(400, 'The end node cannot be deleted');
    t.delete(sequenceNodes).where(eq(sequenceNodes.id, nodeId)).run();
    renumber(
      t,
      nodes.filter((n) => n.id !== nodeId),
    );
    return nodeId;
  });
}

export function moveNode(ctx: AppContext, userId: string, campaignId: string, nodeId: string, position: number) {
  return mutate(ctx, userId, campaignId, nodeId, (t) => {
    const nodes = ordered(t, campaignId);
    const node = nodes.find((n) => n.id === nodeId);
    if (!node) throw new HttpError(404, 'Sequence node not found');
    if (node.type === 'end') throw new HttpError(400, 'The end node stays last: it cannot be moved');
    const last = nodes.length - 2;
    if (position > last)
      throw new HttpError(400, `position must be from 0 to ${last}: the end node stays last`, { field: 'position' });
    const rest = nodes.filter((n) => n.id !== nodeId);
    renumber(t, [...rest.slice(0, position), node, ...rest.slice(position)]);
    return nodeId;
  });
}

export interface NodePatch extends NodeContent {
  id: string;
  position?: number | null;
}

/**
 * Whole-sequence replacement on a draft: the array lists every node to keep, `end` included and
 * last; positions follow array order; nodes left out are deleted. With `dryRun` it only checks.
 */
export function replaceSequence(t: Tx, c: CampaignRow, items: NodePatch[], options: { dryRun: boolean }): void {
  const nodes = ordered(t, c.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const node = byId.get(item.id);
    if (!node)
      throw new HttpError(400, `sequence_nodes.${i}.id is not a node of this campaign`, {
        field: `sequence_nodes.${i}.id`,
      });
    if (seen.has(item.id))
      throw new HttpError(400, `sequence_nodes lists node ${item.id} twice`, { field: `sequence_nodes.${i}.id` });
    seen.add(item.id);
    checkDelay({ ...node, ...content(item) }, `sequence_nodes.${i}.delay_minutes`);
  });
  const endIndex = items.findIndex((item) => byId.get(item.id)?.type === 'end');
  if (endIndex === -1)
    throw new HttpError(400, 'sequence_nodes must include the end node', { field: 'sequence_nodes' });
  if (endIndex !== items.length - 1)
    throw new HttpError(400, 'The end node must be last in sequence_nodes', { field: 'sequence_nodes' });
  if (options.dryRun) return;
  for (const n of nodes) if (!seen.has(n.id)) t.delete(sequenceNodes).where(eq(sequenceNodes.id, n.id)).run();
  items.forEach((item, i) => {
    t.update(sequenceNodes)
      .set({ ...content(item), position: i })
      .where(eq(sequenceNodes.id, item.id))
      .run();
  });
}
