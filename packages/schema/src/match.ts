import type { Operation } from './operation.js';
import { operationList } from './operations.js';

interface Route {
  op: Operation;
  method: string;
  pattern: RegExp;
  names: string[];
}

let routes: Route[] | undefined;

function table(): Route[] {
  routes ??= (operationList as Operation[]).map((op) => {
    const names: string[] = [];
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { op, method: op.method.toUpperCase(), pattern: new RegExp(`^${source}$`), names };
  });
  return routes;
}

/** The registry operation a request addresses, with its path parameters, or undefined. */
export function matchOperation(
  method: string,
  pathname: string,
): { operation: Operation; params: Record<string, string> } | undefined {
  const m = method.toUpperCase();
  for (const r of table()) {
    if (r.method !== m) continue;
    const hit = r.pattern.exec(pathname);
    if (!hit) continue;
    const params: Record<string, string> = {};
    r.names.forEach((name, i) => {
      params[name] = decodeURIComponent(hit[i + 1] ?? '');
    });
    return { operation: r.op, params };
  }
  return undefined;
}
