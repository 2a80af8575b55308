import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../src/operation.js';
import { operationList } from '../src/operations.js';

/** Where the zod-free route table lives. */
export const ROUTES_PATH = fileURLToPath(new URL('../src/routes.generated.ts', import.meta.url));

/** The route table: what a client needs of each operation, without zod. */
export function renderRoutes(): string {
  const rows = (operationList as Operation[]).map((op) => {
    const pageKey =
      op.method === 'get' && op.query && 'page' in ((op.query as { shape?: object }).shape ?? {})
        ? Object.keys((Object.values(op.responses)[0] as unknown as { shape: object }).shape).find(
            (k) => !['total', 'page', 'limit', 'has_more'].includes(k),
          )
        : undefined;
    const route = {
      method: op.method,
      path: op.path,
      auth: op.auth,
      retrySafe: op.retrySafe,
      bodyKind: op.bodyKind,
      success: Object.keys(op.responses).map(Number),
      ...(pageKey ? { pageKey } : {}),
    };
    return `  ${op.operationId}: ${JSON.stringify(route)},`;
  });
  return `// Generated from the operation registry by scripts/write-routes.ts (pnpm openapi). Do not edit.
// What a client needs of each operation, without zod: method, path, auth, retry safety.

export const ROUTES = {
${rows.join('\n')}
} as const;

export type RouteId = keyof typeof ROUTES;
export type Route = (typeof ROUTES)[RouteId];
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ROUTES_PATH, renderRoutes());
  console.log(`wrote ${ROUTES_PATH}`);
}
