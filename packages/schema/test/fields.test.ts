// Field rules of the spec's endpoint sections and the alias pairs of Versioning rule 3.
import { describe, expect, it } from 'vitest';
import {
  AccountTypeFilter,
  AddNodeBody,
  CompleteOnboardingBody,
  CreateCampaignBody,
  CreatePostBody,
  ERROR_CODES,
  ErrorBody,
  mediaIssue,
  OperatingHours,
  parseAddressList,
  ResearchReport,
  SendMessageBody,
  StructuredError,
  UpdateCampaignBody,
  UpdateNodeBody,
  WebhookEvent,
} from '../src/index.js';

const hours = { timezone: 'Europe/Paris', windows: [{ day: 'mon', start: '09:00', end: '17:00' }] };

describe('alias pairs are normalised to the snake_case shape', () => {
  it('dailyLimit becomes daily_limit on update', () => {
    expect(UpdateCampaignBody.parse({ dailyLimit: 40 })).toEqual({ daily_limit: 40 });
  });
  it('daily_limit stays daily_limit on update', () => {
    expect(UpdateCampaignBody.parse({ daily_limit: 40 })).toEqual({ daily_limit: 40 });
  });
  it('operatingHours becomes operating_hours on update', () => {
    expect(UpdateCampaignBody.parse({ operatingHours: hours })).toEqual({ operating_hours: hours });
  });
  it('operating_hours stays operating_hours on update', () => {
    expect(UpdateCampaignBody.parse({ operating_hours: hours })).toEqual({ operating_hours: hours });
  });
  it('both aliases are normalised on create as well', () => {
    const parsed = CreateCampaignBody.parse({ name: 'n', type: 'email', dailyLimit: 9, operatingHours: hours });
    expect(parsed).toEqual({ name: 'n', type: 'email', daily_limit: 9, operating_hours: hours });
  });
  it('both names with different values are refused, naming the alias', () => {
    const r = UpdateCampaignBody.safeParse({ daily_limit: 10, dailyLimit: 20 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['dailyLimit']);
    expect(r.error?.issues[0]?.message).toContain('daily_limit');
  });
  it('both names with the same value are accepted', () => {
    expect(UpdateCampaignBody.parse({ daily_limit: 10, dailyLimit: 10 })).toEqual({ daily_limit: 10 });
  });
  it('the accounts type filter accepts linkedin as an alias of socialnet', () => {
    expect(AccountTypeFilter.parse('linkedin')).toBe('socialnet');
    expect(AccountTypeFilter.parse('socialnet')).toBe('socialnet');
    expect(AccountTypeFilter.parse('email')).toBe('email');
    expect(AccountTypeFilter.safeParse('twitter').success).toBe(false);
  });
});

describe('operating_hours: an IANA time zone plus weekly windows', () => {
  it('accepts a zone and windows', () => {
    expect(OperatingHours.safeParse(hours).success).toBe(true);
  });
  it('rejects an unknown time zone', () => {
    expect(OperatingHours.safeParse({ ...hours, timezone: 'Mars/Olympus' }).success).toBe(false);
  });
  it('rejects a window that ends before it starts', () => {
    const r = OperatingHours.safeParse({ ...hours, windows: [{ day: 'mon', start: '17:00', end: '09:00' }] });
    expect(r.success).toBe(false);
  });
  it('accepts a window ending at 24:00 and rejects 25:00', () => {
    expect(
      OperatingHours.safeParse({ ...hours, windows: [{ day: 'sun', start: '20:00', end: '24:00' }] }).success,
    ).toBe(true);
    expect(
      OperatingHours.safeParse({ ...hours, windows: [{ day: 'sun', start: '20:00', end: '25:00' }] }).success,
    ).toBe(false);
  });
});

describe('onboarding complete takes a strict empty body', () => {
  it('accepts {} and rejects any property', () => {
    expect(CompleteOnboardingBody.safeParse({}).success).toBe(true);
    const r = CompleteOnboardingBody.safeParse({ skip: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('sequence nodes', () => {
  it('accept additional keys on add', () => {
    const r = AddNodeBody.safeParse({ type: 'email', subject: 's', body: 'b', custom_thing: { a: 1 } });
    expect(r.success).toBe(true);
  });
  it('reject an unknown node type', () => {
    expect(AddNodeBody.safeParse({ type: 'sms' }).success).toBe(false);
  });
  it('accept position null or an integer >= 0 and reject a negative position', () => {
    expect(AddNodeBody.safeParse({ type: 'email', position: null }).success).toBe(true);
    expect(AddNodeBody.safeParse({ type: 'email', position: 0 }).success).toBe(true);
    expect(AddNodeBody.safeParse({ type: 'email', position: -1 }).success).toBe(false);
  });
  it('carry the ai node purpose and output type on update', () => {
    const r = UpdateNodeBody.safeParse({ ai_node: { purpose: 'Open with their latest post', output_type: 'message' } });
    expect(r.success).toBe(true);
    expect(UpdateNodeBody.safeParse({ ai_node: { purpose: 'x', output_type: 'poem' } }).success).toBe(false);
  });
  it('limit the replacement sequence to 50 nodes', () => {
    const node = () => ({ id: crypto.randomUUID() });
    expect(UpdateCampaignBody.safeParse({ sequence_nodes: Array.from({ length: 50 }, node) }).success).toBe(true);
    expect(UpdateCampaignBody.safeParse({ sequence_nodes: Array.from({ length: 51 }, node) }).success).toBe(false);
  });
});

describe('posts', () => {
  it('take hashtags without the leading #', () => {
    expect(CreatePostBody.safeParse({ content: 'hi', hashtags: ['sales'] }).success).toBe(true);
    const r = CreatePostBody.safeParse({ content: 'hi', hashtags: ['#sales'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('without the leading #');
  });
  it('default to draft', () => {
    expect(CreatePostBody.parse({ content: 'hi' }).status).toBe('draft');
  });
  it('need content of at least one character', () => {
    expect(CreatePostBody.safeParse({ content: '' }).success).toBe(false);
  });
  it('take scheduled_at only in UTC Z form', () => {
    expect(CreatePostBody.safeParse({ content: 'hi', scheduled_at: '2026-12-01T10:00:00Z' }).success).toBe(true);
    expect(CreatePostBody.safeParse({ content: 'hi', scheduled_at: '2026-12-01T10:00:00+02:00' }).success).toBe(false);
    expect(CreatePostBody.safeParse({ content: 'hi', scheduled_at: '2026-12-01' }).success).toBe(false);
  });
  it('allow one media type per social-network post', () => {
    expect(mediaIssue([{ type: 'image' }, { type: 'image' }])).toBeNull();
    expect(mediaIssue([{ type: 'image' }, { type: 'video' }])).toMatch(/one media type/);
  });
});

describe('message send body', () => {
  it('validates cc and bcc as comma-separated email addresses', () => {
    expect(SendMessageBody.safeParse({ body_text: 'x', cc: 'a@example.com, b@example.com' }).success).toBe(true);
    expect(SendMessageBody.safeParse({ body_text: 'x', bcc: 'a@example.com, nope' }).success).toBe(false);
    expect(parseAddressList(' a@example.com ,b@example.com,')).toEqual(['a@example.com', 'b@example.com']);
  });
  it('accepts only new_thread and reply as threading_mode', () => {
    expect(SendMessageBody.safeParse({ body_text: 'x', threading_mode: 'reply' }).success).toBe(true);
    expect(SendMessageBody.safeParse({ body_text: 'x', threading_mode: 'forward' }).success).toBe(false);
  });
});

describe('research report is parsed leniently', () => {
  it('keeps unknown fields and types the named ones', () => {
    const parsed = ResearchReport.parse({ summary: 's', icp_score: 82, future_field: { x: 1 } });
    expect(parsed).toEqual({ summary: 's', icp_score: 82, future_field: { x: 1 } });
    expect(ResearchReport.safeParse({ icp_score: 'high' }).success).toBe(false);
  });
});

describe('error bodies', () => {
  it('structured bodies carry one of the six codes', () => {
    expect(Object.keys(ERROR_CODES)).toEqual([
      'unauthorized',
      'not_found',
      'invalid_request',
      'rate_limited',
      'conflict',
      'internal_error',
    ]);
    expect(
      StructuredError.safeParse({ error: { code: 'rate_limited', message: 'Retry after 3 seconds' } }).success,
    ).toBe(true);
    expect(StructuredError.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
  });
  it('both shapes are accepted as an error body', () => {
    expect(ErrorBody.safeParse({ error: 'Campaign not found' }).success).toBe(true);
    expect(ErrorBody.safeParse({ error: { code: 'not_found', message: 'x' } }).success).toBe(true);
    expect(ErrorBody.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('event envelope', () => {
  const id = crypto.randomUUID();
  it('parses each of the three event types', () => {
    const ts = '2026-11-22T10:00:00Z';
    expect(
      WebhookEvent.parse({
        type: 'signal.detected',
        timestamp: ts,
        data: { id, signal_type_label: 'Hiring', headline: 'h', score: 80, source: 'jobs', detected_at: ts },
      }).type,
    ).toBe('signal.detected');
    expect(
      WebhookEvent.parse({
        type: 'research.complete',
        timestamp: ts,
        data: {
          id,
          first_name: 'Jane',
          last_name: 'Doe',
          company: 'Acme',
          icp_score: 77,
          report_url: `https://api.example.com/api/v1/deep-research/${id}`,
        },
      }).type,
    ).toBe('research.complete');
    expect(
      WebhookEvent.parse({
        type: 'research.failed',
        timestamp: ts,
        data: {
          id,
          first_name: 'Jane',
          last_name: 'Doe',
          linkedin_url: 'https://www.linkedin.com/in/jane',
          error: { code: 'provider_error', message: 'upstream failed' },
          failed_at: ts,
        },
      }).type,
    ).toBe('research.failed');
  });
  it('rejects an unknown event type and a non-UTC timestamp', () => {
    expect(WebhookEvent.safeParse({ type: 'campaign.sent', timestamp: '2026-11-22T10:00:00Z', data: {} }).success).toBe(
      false,
    );
    expect(
      WebhookEvent.safeParse({
        type: 'signal.detected',
        timestamp: '2026-11-22T10:00:00+01:00',
        data: { id, signal_type_label: 'x', headline: 'h', score: 1, source: 's', detected_at: '2026-11-22T10:00:00Z' },
      }).success,
    ).toBe(false);
  });
});
