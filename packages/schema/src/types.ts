import type { z } from 'zod';
import type { OperationId, Operations } from './operations.js';

type Op<I extends OperationId> = Operations[I];
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Request body of an operation, as a caller writes it. */
export type OperationBody<I extends OperationId> = Op<I> extends { body: infer B } ? InputOf<B> : never;
/** Query parameters of an operation, as a caller writes them. */
export type OperationQuery<I extends OperationId> = Op<I> extends { query: infer Q } ? InputOf<Q> : never;
/** Path parameters of an operation. */
export type OperationParams<I extends OperationId> = Op<I> extends { params: infer P } ? InputOf<P> : never;
/** Success body of an operation (a union when several success statuses exist). */
export type OperationResponse<I extends OperationId> = {
  [S in keyof Op<I>['responses']]: OutputOf<Op<I>['responses'][S]>;
}[keyof Op<I>['responses']];

/** Query parameters as a client sends them: every field optional (the server fills defaults). */
export type OperationQueryParams<I extends OperationId> =
  Op<I> extends { query: infer Q } ? (Q extends z.ZodType ? Partial<z.output<Q>> : never) : never;
