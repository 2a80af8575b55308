import type { PartnerPrincipal, Principal, UserPrincipal } from '../context.js';
import { HttpError } from '../lib/http-error.js';

export function user(p: Principal): UserPrincipal {
  if (p.kind !== 'user') throw new HttpError(401, 'This route needs a user API key');
  return p;
}

export function partner(p: Principal): PartnerPrincipal {
  if (p.kind !== 'partner') throw new HttpError(401, 'This route needs a partner key');
  return p;
}
