import type { Handlers } from '../http/handler.js';
import { accountHandlers } from './account.js';
import { accountsHandlers } from './accounts.js';
import { campaignHandlers } from './campaigns.js';
import { miscHandlers } from './misc.js';
import { postHandlers } from './posts.js';
import { researchHandlers } from './research.js';
import { threadHandlers } from './threads.js';

/** Every implemented operation, by operationId. */
export const handlers: Handlers = {
  ...accountHandlers,
  ...accountsHandlers,
  ...miscHandlers,
  ...campaignHandlers,
  ...threadHandlers,
  ...postHandlers,
  ...researchHandlers,
};
