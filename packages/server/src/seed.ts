import { eq } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { entities, partners, scanSettings, signals } from './db/schema.js';
import { tx } from './db/tx.js';
import { createApiKey, createPartnerKey } from './domain/keys.js';
import { createList } from './domain/lists.js';
import { createEmailAccount, upsertSocialnetAccount } from './domain/sender-accounts.js';
import { createUser } from './domain/users.js';
import { createWorkflow } from './domain/workflows.js';
import { uuid } from './lib/crypto.js';

export interface SeedOptions {
  email?: string;
  password?: string;
  name?: string;
  /** Seed of the pseudo-random signal week, so two seeds with the same value match. */
  randomSeed?: number;
  /** Use these keys instead of random ones (the mock's stable credentials). */
  apiKey?: string;
  partnerKey?: string;
}

export interface SeedResult {
  userId: string;
  email: string;
  password: string;
  apiKey: string;
  partnerId: string;
  partnerKey: string;
  socialnetAccountId: string;
  emailAccountId: string;
  listId: string;
  workflowId: string;
}

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENTITIES: Array<{ type: 'company' | 'person'; name: string; domain: string | null }> = [
  { type: 'company', name: 'Northwind Robotics', domain: 'northwind-robotics.example' },
  { type: 'company', name: 'Bluefin Analytics', domain: 'bluefin.example' },
  { type: 'company', name: 'Cobalt Health', domain: 'cobalthealth.example' },
  { type: 'company', name: 'Lattice Freight', domain: 'latticefreight.example' },
  { type: 'person', name: 'Priya Raman', domain: null },
  { type: 'person', name: 'Tomás Ortega', domain: null },
];

const SIGNAL_TYPES: Array<[type: string, label: string, headline: (n: string) => string, source: string]> = [
  ['hiring', 'Hiring', (n) => `${n} is hiring three account executives`, 'job boards'],
  ['funding', 'Funding', (n) => `${n} announced a Series B round`, 'press'],
  ['leadership_change', 'Leadership change', (n) => `${n} named a new VP of Sales`, 'news'],
  ['tech_adoption', 'Technology adoption', (n) => `${n} started using a new CRM`, 'web crawl'],
  ['engagement', 'Engagement', (n) => `${n} engaged with your latest post`, 'social network'],
];

/**
 * Demo data: a user with an API key, a partner with a partner key, a connected social-network
 * sender, an active email sender with a verified domain and sending inbox, a list with columns,
 * a workflow and a week of signals. Keys are returned once; only their hashes are stored.
 */
export async function seed(ctx: AppContext, options: SeedOptions = {}): Promise<SeedResult> {
  const email = options.email ?? 'demo@outbound.local';
  const password = options.password ?? 'outbound-demo';
  const user = await createUser(ctx, {
    email,
    name: options.name ?? 'Demo User',
    password,
    plan: 'pro',
    creditBalance: 5000,
  });
  const { key: apiKey } = await createApiKey(ctx, user.id, options.apiKey);
  const partner = await createPartnerKey(ctx, 'Demo Partner', undefined, options.partnerKey);
  // The demo partner also receives the demo account's events (signal.detected).
  ctx.db
    .update(partners)
    .set({ creditBalance: 10_000, userId: user.id })
    .where(eq(partners.id, partner.partnerId))
    .run();
  const socialnet = upsertSocialnetAccount(ctx, user.id, {
    provider_account_id: `sn_demo_${user.id.slice(0, 8)}`,
    display_name: 'Demo Sender',
    first_name: 'Demo',
    last_name: 'Sender',
    profile_url: 'https://www.linkedin.com/in/demo-sender',
    is_premium: true,
    has_sales_navigator: false,
  });
  ctx.providers.socialnet.remember?.({
    provider_account_id: socialnet.providerAccountId!,
    display_name: 'Demo Sender',
    first_name: 'Demo',
    last_name: 'Sender',
    profile_url: 'https://www.linkedin.com/in/demo-sender',
    is_premium: true,
    has_sales_navigator: false,
  });
  const emailAccount = createEmailAccount(ctx, user.id, {
    email: `sender@${email.split('@')[1] ?? 'outbound.local'}`,
    firstName: 'Demo',
    lastName: 'Sender',
    provider: 'google',
  });
  const list = createList(ctx, user.id, {
    name: 'Target accounts',
    columns: [
      { name: 'Company', type: 'text' },
      { name: 'Website', type: 'url' },
      { name: 'Contact email', type: 'email' },
      { name: 'Employees', type: 'number' },
    ],
  });
  const workflow = createWorkflow(ctx, user.id, {
    name: 'Signal to outreach',
    nodes: [
      {
        ref: 'trigger',
        type: 'trigger',
        label: 'New hiring signal',
        config: { signal_type: 'hiring' },
        position_x: 0,
        position_y: 0,
      },
      { ref: 'research', type: 'research', label: 'Deep research', config: {}, position_x: 240, position_y: 0 },
      { ref: 'campaign', type: 'campaign', label: 'Add to campaign', config: {}, position_x: 480, position_y: 0 },
    ],
    edges: [
      { source: 'trigger', target: 'research' },
      { source: 'research', target: 'campaign', condition: { icp_score_gte: 70 } },
    ],
  });
  seedSignals(ctx, user.id, options.randomSeed ?? 42);
  ctx.db
    .insert(scanSettings)
    .values({ userId: user.id, scanTime: '08:00', timezone: 'UTC', updatedAt: ctx.clock.now() })
    .run();
  return {
    userId: user.id,
    email: user.email,
    password,
    apiKey,
    partnerId: partner.partnerId,
    partnerKey: partner.key,
    socialnetAccountId: socialnet.id,
    emailAccountId: emailAccount.id,
    listId: list.list.id,
    workflowId: workflow.workflow.id,
  };
}

/** A week of signals: most new, a few dismissed, one duplicate. */
function seedSignals(ctx: AppContext, userId: string, randomSeed: number): void {
  const rand = prng(randomSeed);
  const now = ctx.clock.now();
  tx(ctx.db, (t) => {
    const ids = ENTITIES.map((e) => {
      const id = uuid();
      t.insert(entities)
        .values({ id, userId, ...e })
        .run();
      return { id, name: e.name };
    });
    let previous: string | null = null;
    for (let i = 0; i < 30; i++) {
      const e = ids[Math.floor(rand() * ids.length)]!;
      const [type, label, headline, source] = SIGNAL_TYPES[Math.floor(rand() * SIGNAL_TYPES.length)]!;
      const id = uuid();
      t.insert(signals)
        .values({
          id,
          userId,
          entityId: e.id,
          signalType: type,
          signalTypeLabel: label,
          headline: headline(e.name),
          score: Math.round((40 + rand() * 60) * 10) / 10,
          source,
          url: null,
          status: 'new',
          dismissed: i % 11 === 10,
          duplicateOf: i === 29 ? previous : null,
          detectedAt: now - Math.floor(rand() * 7 * 86_400_000) - 60_000,
        })
        .run();
      previous = id;
    }
  });
}
