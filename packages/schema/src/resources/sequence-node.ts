import { z } from 'zod';
import { int, text, Uuid } from '../common.js';
import { LIMITS } from '../limits.js';

export const NodeType = z
  .enum(['connection_request', 'message', 'email', 'delay', 'ai', 'end'])
  .meta({ id: 'NodeType' });
export type NodeType = z.infer<typeof NodeType>;

/** Node types each campaign type accepts. */
export const LEGAL_NODE_TYPES = {
  socialnet: ['connection_request', 'message', 'delay', 'ai', 'end'],
  email: ['email', 'delay', 'ai', 'end'],
} as const satisfies Record<'email' | 'socialnet', readonly NodeType[]>;

/** Node types that send something and so need content at launch. */
export const SENDABLE_NODE_TYPES = ['connection_request', 'message', 'email'] as const;

export const AiOutputType = z.enum(['message', 'subject', 'email_body', 'variable']).meta({ id: 'AiOutputType' });

export const AiNode = z.object({ purpose: text(2000), output_type: AiOutputType }).meta({ id: 'AiNode' });

const maxMinutes = LIMITS.delayTotalMinutes.max;
const DelayDays = int(0, maxMinutes / 1440).nullable();
const DelayHours = int(0, maxMinutes / 60).nullable();
const DelayMinutes = int(0, maxMinutes).nullable();

/** Content fields shared by node bodies and node views. */
const nodeContent = {
  subject: text(998).nullable(),
  body: text(20_000).nullable(),
  signature: text(5000).nullable(),
  include_message: z.boolean().nullable(),
  is_reply: z.boolean().nullable(),
  delay_days: DelayDays,
  delay_hours: DelayHours,
  delay_minutes: DelayMinutes,
};

const optionalContent = Object.fromEntries(Object.entries(nodeContent).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof nodeContent]: z.ZodOptional<(typeof nodeContent)[K]>;
};

export const SequenceNode = z
  .object({
    id: Uuid,
    campaign_id: Uuid,
    type: NodeType,
    position: int(0, LIMITS.sequenceNodes.max),
    ...nodeContent,
    ai_node: AiNode.nullable(),
  })
  .meta({ id: 'SequenceNode' });
export type SequenceNode = z.infer<typeof SequenceNode>;

export interface DelayFields {
  delay_days?: number | null;
  delay_hours?: number | null;
  delay_minutes?: number | null;
}

/** Total of a node's delay fields, in minutes. */
export function delayTotalMinutes(n: DelayFields): number {
  return (n.delay_days ?? 0) * 1440 + (n.delay_hours ?? 0) * 60 + (n.delay_minutes ?? 0);
}

/** The delay rule: at least 1 minute and at most 30 days in total. Answers the problem, or null. */
export function delayIssue(n: DelayFields): string | null {
  const total = delayTotalMinutes(n);
  if (total < LIMITS.delayTotalMinutes.min)
    return 'delay total (delay_days + delay_hours + delay_minutes) must be at least 1 minute';
  if (total > LIMITS.delayTotalMinutes.max)
    return 'delay total (delay_days + delay_hours + delay_minutes) must be at most 30 days';
  return null;
}

function hasDelayField(n: DelayFields): boolean {
  return n.delay_days != null || n.delay_hours != null || n.delay_minutes != null;
}

/**
 * Body of `POST /api/campaigns/{id}/sequence/nodes`. Additional keys are accepted and ignored.
 * A `delay` node must carry a valid delay total.
 */
export const AddNodeBody = z
  .object({
    type: NodeType,
    position: int(0, LIMITS.sequenceNodes.max - 1)
      .nullable()
      .optional(),
    ...optionalContent,
  })
  .superRefine((n, ctx) => {
    if (n.type === 'delay' || hasDelayField(n)) {
      const issue = delayIssue(n);
      if (issue) ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: issue });
    }
  })
  .meta({ id: 'AddNodeBody' });
export type AddNodeBody = z.input<typeof AddNodeBody>;

/** Body of the node update (`PUT .../sequence/nodes/{nodeId}`); `type` may be repeated but not changed. */
export const UpdateNodeBody = z
  .object({
    type: NodeType.optional().meta({ description: 'Immutable: when given it must equal the node type.' }),
    ...optionalContent,
    ai_node: AiNode.optional().meta({ description: 'Purpose and output type of an `ai` node.' }),
  })
  .superRefine((n, ctx) => {
    if (hasDelayField(n)) {
      const issue = delayIssue(n);
      if (issue) ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: issue });
    }
  })
  .meta({ id: 'UpdateNodeBody' });

/** Body of the node move. */
export const MoveNodeBody = z.object({ position: int(0, LIMITS.sequenceNodes.max - 1) }).meta({ id: 'MoveNodeBody' });

/** One element of `sequence_nodes` in a campaign update: an existing node to keep, by id. */
export const SequenceNodePatch = z
  .object({
    id: Uuid,
    position: int(0, LIMITS.sequenceNodes.max - 1)
      .nullable()
      .optional()
      .meta({
        description: 'Ignored: positions are normalised to array order.',
      }),
    ...optionalContent,
  })
  .superRefine((n, ctx) => {
    if (hasDelayField(n)) {
      const issue = delayIssue(n);
      if (issue) ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: issue });
    }
  })
  .meta({ id: 'SequenceNodePatch' });

/** `{sequence_nodes}`: the full ordered list after a mutation. */
export const SequenceNodesResponse = z
  .object({ sequence_nodes: z.array(SequenceNode).max(LIMITS.sequenceNodes.max) })
  .meta({ id: 'SequenceNodesResponse' });

/** Answer when the mutation was written but the read-back failed: refetch the campaign. */
export const NodeMutatedResponse = z
  .object({ mutated: z.literal(true), node_id: Uuid })
  .meta({ id: 'NodeMutatedResponse' });
