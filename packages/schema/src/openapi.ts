import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { FlatError, StructuredError } from './errors.js';
import { EVENT_TYPES, ResearchCompleteEvent, ResearchFailedEvent, SignalDetectedEvent } from './events.js';
import type { ErrorStatus, Operation, SuccessStatus } from './operation.js';
import { operationList } from './operations.js';

export const API_VERSION = '1.0.0';

/** The generated document, typed just enough for the tools that read it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths?: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, unknown>; [k: string]: unknown }>
  >;
  components?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
  [key: string]: unknown;
}

const SECURITY: Record<Operation['auth'], RouteConfig['security']> = {
  apiKey: [{ ApiKey: [] }],
  partnerKey: [{ PartnerKey: [] }],
  session: [{ Session: [] }],
  none: [],
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
};

const HEADERS = {
  'x-request-id': {
    description: 'Identifies the request; quote it when reporting a problem.',
    schema: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window for this key.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 },
  },
  'Access-Control-Allow-Origin': {
    description: 'CORS: `*` on Bearer-token routes; cookie-session routes are same-origin only and omit it.',
    schema: { type: 'string', maxLength: 2048, format: 'uri-reference' },
  },
} as const;

type HeaderName = keyof typeof HEADERS;
const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const headersFor = (status: number) => {
  const names: HeaderName[] = ['x-request-id', 'Access-Control-Allow-Origin'];
  if (status < 500) names.push('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
  if (status === 429 || status === 503) names.push('Retry-After');
  return Object.fromEntries(names.map((n) => [n, ref(n)]));
};

const openApiPath = (path: string) => path;

function requestFor(op: Operation): RouteConfig['request'] {
  const request: NonNullable<RouteConfig['request']> = {};
  if (op.params) request.params = op.params;
  if (op.query) request.query = op.query as z.ZodObject;
  if (op.body) {
    const contentType = op.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
    request.body = { required: true, content: { [contentType]: { schema: op.body } } };
  }
  const headers: Record<string, z.ZodType> = {};
  if (op.method === 'post' && (op.auth === 'apiKey' || op.auth === 'partnerKey')) {
    headers['Idempotency-Key'] = z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\x21-\x7e]+$/)
      .optional()
      .meta({
        description:
          'Makes a POST safe to retry: the same key with the same body within 24 hours replays the first response; with a different body the request is refused with 422.',
      });
  }
  if (op.auth === 'session' && op.method !== 'get') {
    headers['x-csrf-token'] = z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .meta({
        description: 'The CSRF token returned by the dashboard login.',
      });
  }
  if (Object.keys(headers).length > 0) request.headers = z.object(headers);
  return request;
}

function responsesFor(op: Operation): Record<string, ResponseConfig> {
  const responses: Record<string, ResponseConfig> = {};
  for (const [status, schema] of Object.entries(op.responses) as [string, z.ZodType | null][]) {
    responses[status] = {
      description: STATUS_TEXT[Number(status) as SuccessStatus] ?? 'Success',
      headers: headersFor(Number(status)),
      ...(schema ? { content: { 'application/json': { schema } } } : {}),
    };
  }
  for (const [status, spec] of Object.entries(op.errors) as [
    string,
    { shape: 'flat' | 'structured'; description: string },
  ][]) {
    responses[status] = {
      description: spec.description,
      headers: headersFor(Number(status) as ErrorStatus),
      content: { 'application/json': { schema: spec.shape === 'flat' ? FlatError : StructuredError } },
    };
  }
  return responses;
}

/** Builds the OpenAPI 3.1 document of the whole registry. Deterministic: same registry, same JSON. */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'User API key, `pk_live_` followed by at least 32 random bytes. Backend code only.',
  });
  registry.registerComponent('securitySchemes', 'PartnerKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Partner key for `/api/v1/*`. User API keys are rejected there with 401.',
  });
  registry.registerComponent('securitySchemes', 'Session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'outbound_session',
    description: 'Dashboard cookie session; writes also need the `x-csrf-token` header.',
  });
  for (const [name, header] of Object.entries(HEADERS)) {
    registry.registerComponent('headers', name, header as never);
  }

  for (const op of operationList as Operation[]) {
    registry.registerPath({
      method: op.method,
      path: openApiPath(op.path),
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: op.alsoSession ? [...(SECURITY[op.auth] ?? []), { Session: [] }] : SECURITY[op.auth],
      request: requestFor(op),
      responses: responsesFor(op),
      'x-retry-safe': op.retrySafe,
      ...(op.extension ? { 'x-extension': true } : {}),
    } as RouteConfig);
  }

  const events = {
    'signal.detected': SignalDetectedEvent,
    'research.complete': ResearchCompleteEvent,
    'research.failed': ResearchFailedEvent,
  } as const;
  for (const type of EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `webhook_${type.replace('.', '_')}`,
      summary: `Event ${type}`,
      description:
        'Signed with the Standard Webhooks scheme: headers webhook-id, webhook-timestamp and webhook-signature (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`). Answer 2xx within 30 seconds.',
      security: [{ WebhookSignature: [] }],
      request: { body: { required: true, content: { 'application/json': { schema: events[type] } } } },
      responses: { 200: { description: 'Received.' } },
    });
  }
  registry.registerComponent('securitySchemes', 'WebhookSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description: 'Deliveries carry a signature the receiver verifies with the endpoint signing secret (`whsec_...`).',
  });

  const config: Parameters<OpenApiGeneratorV31['generateDocument']>[0] = {
    openapi: '3.1.0',
    info: {
      title: 'Outbound Engagement API',
      version: API_VERSION,
      description:
        'HTTP JSON API of a go-to-market platform: outbound campaigns, a unified inbox, social posts, deep research, signals and webhooks. Operations marked `x-extension: true` are not part of the public contract of the specification; they are routes the reference server adds for complete flows.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: 'https://{host}',
        description: 'Your deployment: production, or a local self-hosted server.',
        variables: { host: { default: 'localhost:8787' } },
        'x-internal': false,
      } as never,
    ],
    tags: [...new Set((operationList as Operation[]).map((o) => o.tag))].map((name) => ({ name })),
  };
  return new OpenApiGeneratorV31([
    ...registry.definitions,
    ...Object.values(events).map((schema) => ({ type: 'schema' as const, schema })),
  ]).generateDocument(config) as OpenApiDocument;
}
