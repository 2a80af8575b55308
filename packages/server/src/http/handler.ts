import type { OperationId, Operations } from '@outbound/schema';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppContext, Principal } from '../context.js';

type Parsed<I extends OperationId, K extends 'params' | 'query' | 'body'> = Operations[I] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

export interface HandlerInput<I extends OperationId> {
  params: Parsed<I, 'params'>;
  query: Parsed<I, 'query'>;
  body: Parsed<I, 'body'>;
  principal: Principal;
  ctx: AppContext;
  c: Context;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler<I extends OperationId> = (input: HandlerInput<I>) => HandlerResult | Promise<HandlerResult>;
export type Handlers = { [I in OperationId]?: Handler<I> };

/** Typed handler table of one route file. */
export const defineHandlers = <const H extends Handlers>(handlers: H): H => handlers;

export const ok = (body: unknown, status = 200): HandlerResult => ({ status, body });
