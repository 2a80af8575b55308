import { z } from 'zod';
import { nonEmpty, Timestamp, text, Uuid } from '../common.js';

const Coordinate = z.number().min(-1_000_000).max(1_000_000);
const Config = z.record(text(100), z.unknown()).meta({ description: 'Node-type specific settings.' });

export const Workflow = z
  .object({ id: Uuid, name: text(200), created_at: Timestamp, updated_at: Timestamp })
  .meta({ id: 'Workflow' });

export const WorkflowNode = z
  .object({
    id: Uuid,
    workflow_id: Uuid,
    type: text(64),
    label: text(200),
    config: Config,
    position_x: Coordinate,
    position_y: Coordinate,
  })
  .meta({ id: 'WorkflowNode' });

export const WorkflowEdge = z
  .object({
    id: Uuid,
    workflow_id: Uuid,
    source_node_id: Uuid,
    target_node_id: Uuid,
    source_handle: text(100).nullable(),
    target_handle: text(100).nullable(),
    condition: z.record(text(100), z.unknown()).nullable(),
  })
  .meta({ id: 'WorkflowEdge' });

export const WorkflowGraph = z
  .object({ nodes: z.array(WorkflowNode).max(500), edges: z.array(WorkflowEdge).max(2000) })
  .meta({ id: 'WorkflowGraph' });

/** Body of the workflow create (extension). Edges name nodes by their `ref`. */
export const CreateWorkflowBody = z
  .object({
    name: nonEmpty(200),
    nodes: z
      .array(
        z.object({
          ref: nonEmpty(100),
          type: nonEmpty(64),
          label: text(200).default(''),
          config: Config.default({}),
          position_x: Coordinate.default(0),
          position_y: Coordinate.default(0),
        }),
      )
      .max(500)
      .default([]),
    edges: z
      .array(
        z.object({
          source: nonEmpty(100),
          target: nonEmpty(100),
          source_handle: text(100).nullable().optional(),
          target_handle: text(100).nullable().optional(),
          condition: z.record(text(100), z.unknown()).nullable().optional(),
        }),
      )
      .max(2000)
      .default([]),
  })
  .superRefine((w, ctx) => {
    const refs = new Set<string>();
    w.nodes.forEach((n, i) => {
      if (refs.has(n.ref)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'ref'], message: 'duplicate node ref' });
      refs.add(n.ref);
    });
    w.edges.forEach((e, i) => {
      if (!refs.has(e.source))
        ctx.addIssue({ code: 'custom', path: ['edges', i, 'source'], message: 'unknown node ref' });
      if (!refs.has(e.target))
        ctx.addIssue({ code: 'custom', path: ['edges', i, 'target'], message: 'unknown node ref' });
    });
  })
  .meta({ id: 'CreateWorkflowBody' });

export const WorkflowWithGraph = z
  .object({ workflow: Workflow, nodes: WorkflowGraph.shape.nodes, edges: WorkflowGraph.shape.edges })
  .meta({ id: 'WorkflowWithGraph' });
