import { HttpError } from '../../lib/http-error.js';
import { isLoopbackAddress } from '../../lib/net.js';

/** What the transport knows about a request; absent for in-process requests (tests, the mock). */
export interface Transport {
  remoteAddress?: string;
  encrypted?: boolean;
}

/** Reads the transport from the env Hono's Node adapter passes (`{incoming}`), without importing Node. */
export function transportOf(env: unknown): Transport | undefined {
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } } | undefined)
    ?.incoming?.socket;
  if (!socket) return undefined;
  return { remoteAddress: socket.remoteAddress, encrypted: Boolean(socket.encrypted) };
}

/**
 * HTTPS is required on every request. Plain HTTP is accepted only on loopback, or from a
 * trusted proxy that reports the original request was https.
 */
export function enforceHttps(
  transport: Transport | undefined,
  forwardedProto: string | undefined,
  trustedProxies: readonly string[],
): void {
  if (!transport || transport.encrypted || isLoopbackAddress(transport.remoteAddress)) return;
  const addr = transport.remoteAddress ?? '';
  if (trustedProxies.includes(addr) && forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https') return;
  throw new HttpError(403, 'HTTPS is required: call the API over https (plain http is accepted only on loopback)', {
    reason: 'https_required',
  });
}
