// Every row of the spec's Limits table, tested at its bound and one step past it.
import { describe, expect, it } from 'vitest';
import {
  AddNodeBody,
  ApiKeySecret,
  CreateCampaignBody,
  CreditPreviewBody,
  LIMITS,
  SenderAccount,
  SendMessageBody,
  SignalsQuery,
  SubmitResearchBody,
  scheduleIssue,
  UpdateCampaignBody,
} from '../src/index.js';

const ok = (r: { success: boolean }) => expect(r.success).toBe(true);
const bad = (r: { success: boolean }) => expect(r.success).toBe(false);

describe('Limits: campaign daily_limit / dailyLimit is 1 to 500', () => {
  const base = { name: 'Q3', type: 'email' as const };
  for (const key of ['daily_limit', 'dailyLimit'] as const) {
    it(`${key} accepts 1 and 500 and rejects 0 and 501 on create`, () => {
      ok(CreateCampaignBody.safeParse({ ...base, [key]: 1 }));
      ok(CreateCampaignBody.safeParse({ ...base, [key]: 500 }));
      bad(CreateCampaignBody.safeParse({ ...base, [key]: 0 }));
      bad(CreateCampaignBody.safeParse({ ...base, [key]: 501 }));
    });
    it(`${key} accepts 1 and 500 and rejects 0 and 501 on update`, () => {
      ok(UpdateCampaignBody.safeParse({ [key]: 1 }));
      ok(UpdateCampaignBody.safeParse({ [key]: 500 }));
      bad(UpdateCampaignBody.safeParse({ [key]: 0 }));
      bad(UpdateCampaignBody.safeParse({ [key]: 501 }));
    });
  }
  it('daily_limit must be an integer', () => {
    bad(UpdateCampaignBody.safeParse({ daily_limit: 10.5 }));
  });
});

describe('Limits: delay node total is at least 1 minute and at most 30 days', () => {
  it('accepts exactly 1 minute and rejects 0 minutes', () => {
    ok(AddNodeBody.safeParse({ type: 'delay', delay_minutes: 1 }));
    bad(AddNodeBody.safeParse({ type: 'delay', delay_minutes: 0 }));
    bad(AddNodeBody.safeParse({ type: 'delay' }));
  });
  it('accepts exactly 30 days and rejects 30 days and 1 minute', () => {
    ok(AddNodeBody.safeParse({ type: 'delay', delay_days: 30 }));
    ok(AddNodeBody.safeParse({ type: 'delay', delay_days: 29, delay_hours: 23, delay_minutes: 60 }));
    bad(AddNodeBody.safeParse({ type: 'delay', delay_days: 30, delay_minutes: 1 }));
    bad(AddNodeBody.safeParse({ type: 'delay', delay_hours: 720, delay_minutes: 1 }));
  });
  it('sums days, hours and minutes', () => {
    ok(AddNodeBody.safeParse({ type: 'delay', delay_days: 0, delay_hours: 0, delay_minutes: 1 }));
    bad(AddNodeBody.safeParse({ type: 'delay', delay_days: 0, delay_hours: 0, delay_minutes: 0 }));
  });
  it('applies to the nodes of a whole-sequence replacement too', () => {
    const id = crypto.randomUUID();
    ok(UpdateCampaignBody.safeParse({ sequence_nodes: [{ id, delay_days: 30 }] }));
    bad(UpdateCampaignBody.safeParse({ sequence_nodes: [{ id, delay_days: 30, delay_minutes: 1 }] }));
    bad(UpdateCampaignBody.safeParse({ sequence_nodes: [{ id, delay_minutes: 0 }] }));
  });
  it('rejects negative delay fields', () => {
    bad(AddNodeBody.safeParse({ type: 'delay', delay_days: 1, delay_hours: -1 }));
  });
});

describe('Limits: campaign name has min length 1', () => {
  it('accepts one character and rejects the empty string', () => {
    ok(CreateCampaignBody.safeParse({ name: 'a', type: 'email' }));
    bad(CreateCampaignBody.safeParse({ name: '', type: 'email' }));
    ok(UpdateCampaignBody.safeParse({ name: 'a' }));
    bad(UpdateCampaignBody.safeParse({ name: '' }));
  });
});

describe('Limits: message body_text has min length 1', () => {
  it('accepts one character and rejects the empty string and a missing field', () => {
    ok(SendMessageBody.safeParse({ body_text: 'a' }));
    bad(SendMessageBody.safeParse({ body_text: '' }));
    bad(SendMessageBody.safeParse({}));
  });
});

describe('Limits: research first_name and last_name are at most 100 characters', () => {
  const url = 'https://www.linkedin.com/in/jane';
  for (const key of ['first_name', 'last_name'] as const) {
    it(`${key} accepts 100 characters and rejects 101`, () => {
      const body = { first_name: 'Jane', last_name: 'Doe', linkedin_url: url };
      ok(SubmitResearchBody.safeParse({ ...body, [key]: 'x'.repeat(100) }));
      bad(SubmitResearchBody.safeParse({ ...body, [key]: 'x'.repeat(101) }));
    });
  }
  it('a missing field is rejected', () => {
    bad(SubmitResearchBody.safeParse({ first_name: 'Jane', linkedin_url: url }));
    bad(SubmitResearchBody.safeParse({ first_name: 'Jane', last_name: 'Doe' }));
  });
});

describe('Limits: research linkedin_url must contain linkedin.com/in/', () => {
  const body = { first_name: 'Jane', last_name: 'Doe' };
  it('accepts a profile URL and rejects a company page', () => {
    ok(SubmitResearchBody.safeParse({ ...body, linkedin_url: 'linkedin.com/in/jane' }));
    bad(SubmitResearchBody.safeParse({ ...body, linkedin_url: 'https://www.linkedin.com/company/acme' }));
    bad(SubmitResearchBody.safeParse({ ...body, linkedin_url: 'https://example.com/in/jane' }));
  });
  it('names the rule in the message', () => {
    const r = SubmitResearchBody.safeParse({ ...body, linkedin_url: 'https://example.com/jane' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('linkedin.com/in/');
    expect(r.error?.issues[0]?.path).toEqual(['linkedin_url']);
  });
});

describe('Limits: credit preview count is an integer from 1 to 9007199254740991', () => {
  it('accepts 1 and 9007199254740991 and rejects 0, 9007199254740992 and fractions', () => {
    ok(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: 1 }));
    ok(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: 9007199254740991 }));
    bad(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: 0 }));
    bad(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: 9007199254740992 }));
    bad(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: 1.5 }));
    bad(CreditPreviewBody.safeParse({ action: 'FIND_PERSON', count: '3' }));
  });
  it('rejects an unknown billable action', () => {
    bad(CreditPreviewBody.safeParse({ action: 'NOT_AN_ACTION', count: 1 }));
  });
});

describe('Limits: signals days is 1 to 365, default 7', () => {
  it('accepts 1 and 365 and rejects 0 and 366', () => {
    expect(SignalsQuery.parse({ days: '1' }).days).toBe(1);
    expect(SignalsQuery.parse({ days: '365' }).days).toBe(365);
    bad(SignalsQuery.safeParse({ days: '0' }));
    bad(SignalsQuery.safeParse({ days: '366' }));
  });
  it('defaults to 7 days and the signals view', () => {
    expect(SignalsQuery.parse({})).toEqual({ view: 'signals', days: 7 });
  });
  it('since must be UTC ending in Z', () => {
    ok(SignalsQuery.safeParse({ since: '2026-11-01T00:00:00Z' }));
    bad(SignalsQuery.safeParse({ since: '2026-11-01T00:00:00+01:00' }));
  });
});

describe('Limits: a scheduled post time is strictly in the future, with 1-minute grace', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  it('accepts a time up to one minute in the past and rejects one a millisecond older', () => {
    expect(scheduleIssue({ status: 'scheduled', scheduled_at: at(60_000) }, now)).toBeNull();
    expect(scheduleIssue({ status: 'scheduled', scheduled_at: at(-60_000) }, now)).toBeNull();
    expect(scheduleIssue({ status: 'scheduled', scheduled_at: at(-60_001) }, now)).toMatch(/future/);
  });
  it('requires scheduled_at when status is scheduled', () => {
    expect(scheduleIssue({ status: 'scheduled' }, now)).toMatch(/required/);
    expect(scheduleIssue({ status: 'draft' }, now)).toBeNull();
  });
});

describe('Limits: API keys, lifetimes and horizons', () => {
  it('an API key is pk_live_ and at least 32 random bytes (43 base64url characters)', () => {
    ok(ApiKeySecret.safeParse(`pk_live_${'a'.repeat(43)}`));
    bad(ApiKeySecret.safeParse(`pk_live_${'a'.repeat(42)}`));
    bad(ApiKeySecret.safeParse(`pk_test_${'a'.repeat(43)}`));
  });
  it('states the spec values for keys, URL lifetimes, webhook timing and launch concurrency', () => {
    expect(LIMITS.activeApiKeysPerAccount).toBe(1);
    expect(LIMITS.hostedConnectionUrlTtlMs).toBe(60 * 60 * 1000);
    expect(LIMITS.portalUrlTtlMs).toBe(5 * 60 * 1000);
    expect(LIMITS.webhookResponseTimeoutMs).toBe(30 * 1000);
    expect(LIMITS.webhookRetryHorizonMs).toBe(3 * 24 * 60 * 60 * 1000);
  });
  it('sender accounts expose weekly_connection_limit and weekly_message_limit', () => {
    expect(Object.keys(SenderAccount.shape)).toEqual(
      expect.arrayContaining(['weekly_connection_limit', 'weekly_message_limit']),
    );
  });
});

describe('Limits: attachments are validated metadata', () => {
  const attachment = {
    name: 'deck.pdf',
    bucket: 'uploads',
    path: 'u/1/deck.pdf',
    url: 'https://files.example.com/deck.pdf',
    mime_type: 'application/pdf',
    size: 1024,
  };
  it('accepts valid metadata and rejects a bad MIME type or a negative size', () => {
    ok(SendMessageBody.safeParse({ body_text: 'hi', attachments: [attachment] }));
    bad(SendMessageBody.safeParse({ body_text: 'hi', attachments: [{ ...attachment, mime_type: 'pdf' }] }));
    bad(SendMessageBody.safeParse({ body_text: 'hi', attachments: [{ ...attachment, size: -1 }] }));
  });
});
