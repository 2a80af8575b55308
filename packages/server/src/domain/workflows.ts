import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { workflowEdges, workflowNodes, workflows } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/time.js';

type NodeRow = typeof workflowNodes.$inferSelect;
type EdgeRow = typeof workflowEdges.$inferSelect;

const nodeView = (n: NodeRow) => ({
  id: n.id,
  workflow_id: n.workflowId,
  type: n.type,
  label: n.label,
  config: n.config,
  position_x: n.positionX,
  position_y: n.positionY,
});
const edgeView = (e: EdgeRow) => ({
  id: e.id,
  workflow_id: e.workflowId,
  source_node_id: e.sourceNodeId,
  target_node_id: e.targetNodeId,
  source_handle: e.sourceHandle,
  target_handle: e.targetHandle,
  condition: e.condition,
});

export interface CreateWorkflowInput {
  name: string;
  nodes: {
    ref: string;
    type: string;
    label: string;
    config: Record<string, unknown>;
    position_x: number;
    position_y: number;
  }[];
  edges: {
    source: string;
    target: string;
    source_handle?: string | null;
    target_handle?: string | null;
    condition?: Record<string, unknown> | null;
  }[];
}

export function createWorkflow(ctx: AppContext, userId: string, body: CreateWorkflowInput) {
  const now = ctx.clock.now();
  const id = uuid();
  const ids = new Map(body.nodes.map((n) => [n.ref, uuid()]));
  const nodes: NodeRow[] = body.nodes.map((n, i) => ({
    id: ids.get(n.ref)!,
    workflowId: id,
    type: n.type,
    label: n.label,
    config: n.config,
    positionX: n.position_x,
    positionY: n.position_y,
    ord: i,
  }));
  const edges: EdgeRow[] = body.edges.map((e, i) => ({
    id: uuid(),
    workflowId: id,
    sourceNodeId: ids.get(e.source)!,
    targetNodeId: ids.get(e.target)!,
    sourceHandle: e.source_handle ?? null,
    targetHandle: e.target_handle ?? null,
    condition: e.condition ?? null,
    ord: i,
  }));
  tx(ctx.db, (t) => {
    t.insert(workflows).values({ id, userId, name: body.name, createdAt: now, updatedAt: now }).run();
    if (nodes.length) t.insert(workflowNodes).values(nodes).run();
    if (edges.length) t.insert(workflowEdges).values(edges).run();
  });
  return {
    workflow: { id, name: body.name, created_at: iso(now), updated_at: iso(now) },
    nodes: nodes.map(nodeView),
    edges: edges.map(edgeView),
  };
}

/** Nodes and edges of a workflow owned by the caller, else 404. */
export function listWorkflowNodes(ctx: AppContext, userId: string, workflowId: string) {
  const wf = ctx.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.userId, userId)))
    .get();
  if (!wf) throw new HttpError(404, 'Workflow not found');
  return {
    nodes: ctx.db
      .select()
      .from(workflowNodes)
      .where(eq(workflowNodes.workflowId, workflowId))
      .orderBy(asc(workflowNodes.ord))
      .all()
      .map(nodeView),
    edges: ctx.db
      .select()
      .from(workflowEdges)
      .where(eq(workflowEdges.workflowId, workflowId))
      .orderBy(asc(workflowEdges.ord))
      .all()
      .map(edgeView),
  };
}
