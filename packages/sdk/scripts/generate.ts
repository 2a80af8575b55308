// Generates src/resources.generated.ts from the operation registry: one class per resource
// group, one method per operation, TSDoc with an example on each. Run: pnpm --filter @outbound/sdk generate
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Operation, operationList } from '@outbound/schema';
import { ROUTES } from '@outbound/schema/routes';
import { z } from 'zod';

export const OUT = fileURLToPath(new URL('../src/resources.generated.ts', import.meta.url));

/** Hand-written helpers attached to generated classes: group path → methods. */
const HELPERS: Record<string, string[]> = {
  campaigns: [
    `  /**
   * Launches a draft and polls it every 30 s until it is \`active\`. A launch that goes back to
   * \`draft\` rejects with CampaignLaunchFailedError.
   *
   * @example
   * const campaign = await client.campaigns.launchAndWait('<id>', { onProgress: (p) => console.log(p.status) });
   */
  launchAndWait(id: string, options?: WaitOptions<CampaignProgress>): Promise<Campaign> {
    return launchAndWait(this._client, id, options);
  }`,
    `  /**
   * Polls a campaign every 30 s until it reaches \`status\`.
   *
   * @example
   * await client.campaigns.waitUntil('<id>', 'completed', { interval: 60_000 });
   */
  waitUntil(id: string, status: CampaignStatus, options?: WaitOptions<CampaignProgress>): Promise<Campaign> {
    return waitUntil(this._client, id, status, options);
  }`,
  ],
  research: [
    `  /**
   * Submits a person and polls every 30 s until the report is \`complete\`; a cached report returns
   * at once. A \`failed\` person rejects with ResearchFailedError carrying the person.
   *
   * @example
   * const { report } = await client.research.submitAndWait({ first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada' });
   */
  submitAndWait(body: OperationBody<'submitResearch'>, options?: WaitOptions<ResearchProgress>): Promise<ResearchEnvelope> {
    return submitAndWait(this._client, body, options);
  }`,
  ],
  extconn: [
    `  /**
   * Polls the social-network accounts every 15 s until a \`connected\` account that was not there
   * when the wait began appears, and answers it.
   *
   * @example
   * const { url } = await client.extconn.connect();
   * console.log('Open', url);
   * const account = await client.extconn.waitForNewAccount();
   */
  waitForNewAccount(options?: WaitOptions<AccountProgress>): Promise<SenderAccount> {
    return waitForNewAccount(this._client, options);
  }`,
  ],
};

interface Node {
  name: string;
  children: Map<string, Node>;
  ops: Array<{ method: string; op: Operation }>;
}

const pascal = (parts: string[]) => parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');

let defs: Record<string, Record<string, unknown>> = {};

/** Friendlier example values for well-known fields. */
const EXAMPLES: Record<string, unknown> = {
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  recipient_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
  recipient_email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Q4 outreach',
  company_name: 'Acme',
  content: 'We are hiring!',
  body_text: 'Hi Ada, quick question about your Q4 plans.',
  scan_time: '08:00',
  timezone: 'Europe/Paris',
  password: '<password>',
};

function exampleValue(schema: Record<string, unknown>): unknown {
  if (typeof schema.$ref === 'string') return exampleValue(defs[schema.$ref.split('/').at(-1)!] ?? {});
  if (Array.isArray(schema.allOf)) return exampleValue(schema.allOf[0] as Record<string, unknown>);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.anyOf)) return exampleValue(schema.anyOf[0] as Record<string, unknown>);
  if (Array.isArray(schema.oneOf)) return exampleValue(schema.oneOf[0] as Record<string, unknown>);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid'
        ? '<uuid>'
        : schema.format === 'date-time'
          ? '2026-12-01T09:00:00Z'
          : schema.format === 'email'
            ? 'ada@example.com'
            : 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const out: Record<string, unknown> = {};
      for (const key of (schema.required as string[] | undefined) ?? []) {
        if (props[key]) out[key] = key in EXAMPLES ? EXAMPLES[key] : exampleValue(props[key]);
      }
      return out;
    }
    default:
      return null;
  }
}

function example(op: Operation): string {
  const js = z.toJSONSchema(op.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  defs = (js.$defs ?? {}) as Record<string, Record<string, unknown>>;
  const value = exampleValue(js.oneOf ? (js.oneOf as Record<string, unknown>[])[0]! : js);
  return JSON.stringify(value)
    .replace(/"([a-zA-Z_]\w*)":/g, '$1: ')
    .replace(/"/g, "'")
    .replace(/,/g, ', ');
}

function method(name: string, op: Operation): string {
  const id = op.operationId;
  const route = ROUTES[id as keyof typeof ROUTES] as { pageKey?: string };
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const args: string[] = params.map((p) => `${p}: string`);
  const call: string[] = [];
  if (params.length) call.push(`params: { ${params.join(', ')} }`);
  const exampleArgs = params.map((p) => `'<${p}>'`);
  if (op.bodyKind === 'multipart') {
    args.push('file: Blob');
    call.push('body: formData(file)');
    exampleArgs.push("new Blob([bytes], { type: 'image/png' })");
  } else if (op.body) {
    const optional = (op.body as z.ZodType).safeParse({}).success;
    args.push(`body${optional ? '?' : ''}: OperationBody<'${id}'>`);
    call.push('body');
    exampleArgs.push(optional ? '{}' : example(op));
  }
  if (op.query) {
    args.push(`query: OperationQueryParams<'${id}'> = {}`);
    call.push(route.pageKey ? 'query: { ...query, page }' : 'query');
  }
  args.push('options?: RequestOptions');
  call.push('options');
  const doc = [
    `  /**`,
    `   * ${op.summary}.${op.description ? ` ${op.description}` : ''}`,
    `   *`,
    `   * \`${op.method.toUpperCase()} ${op.path}\`${op.extension ? ' (extension: not part of the public specification)' : ''}`,
    `   *`,
    `   * @example`,
    route.pageKey
      ? `   * for await (const item of client.${op.sdk}(${exampleArgs.join(', ')})) console.log(item);`
      : `   * const result = await client.${op.sdk}(${exampleArgs.join(', ')});`,
    `   */`,
  ].join('\n');
  if (route.pageKey) {
    return `${doc}
  ${name}(${args.join(', ')}): PagePromise<OperationResponse<'${id}'>, OperationResponse<'${id}'>['${route.pageKey}'][number]> {
    return new PagePromise(
      (page) => this._client.request<OperationResponse<'${id}'>>('${id}', { ${call.join(', ')} }),
      '${route.pageKey}',
      query.page ?? 1,
    );
  }`;
  }
  return `${doc}
  ${name}(${args.join(', ')}): Promise<OperationResponse<'${id}'>> {
    return this._client.request('${id}', { ${call.join(', ')} });
  }`;
}

export function render(): string {
  const root: Node = { name: '', children: new Map(), ops: [] };
  for (const op of operationList as Operation[]) {
    const parts = op.sdk.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!node.children.has(part)) node.children.set(part, { name: part, children: new Map(), ops: [] });
      node = node.children.get(part)!;
    }
    node.ops.push({ method: parts.at(-1)!, op });
  }
  const classes: string[] = [];
  const emit = (node: Node, path: string[]): string => {
    const className = `${pascal(path)}Resource`;
    const members: string[] = [];
    for (const [name, child] of node.children) {
      const childClass = emit(child, [...path, name]);
      members.push(`  /** \`client.${[...path, name].join('.')}\` */\n  readonly ${name}: ${childClass};`);
    }
    const inits = [...node.children.keys()].map(
      (name) => `    this.${name} = new ${pascal([...path, name])}Resource(client);`,
    );
    const methods = node.ops.map(({ method: m, op }) => method(m, op));
    const helpers = HELPERS[path.join('.')] ?? [];
    const ctor = inits.length
      ? `\n  constructor(client: OutboundCore) {\n    super(client);\n${inits.join('\n')}\n  }\n`
      : '';
    classes.push(`/** Operations under \`client.${path.join('.')}\`. */
export class ${className} extends APIResource {
${members.length ? `${members.join('\n')}\n` : ''}${ctor}
${[...methods, ...helpers].join('\n\n')}
}`);
    return className;
  };
  const top = [...root.children.keys()];
  for (const name of top) emit(root.children.get(name)!, [name]);
  return `// Generated from the operation registry by scripts/generate.ts. Do not edit.
import type { OperationBody, OperationQueryParams, OperationResponse } from '@outbound/schema';
import type { OutboundCore, RequestOptions } from './core.js';
import {
  type AccountProgress,
  type Campaign,
  type CampaignProgress,
  type CampaignStatus,
  launchAndWait,
  type ResearchEnvelope,
  type ResearchProgress,
  type SenderAccount,
  submitAndWait,
  type WaitOptions,
  waitForNewAccount,
  waitUntil,
} from './helpers.js';
import { PagePromise } from './pagination.js';

/** Base of every resource: a handle on the client. */
export class APIResource {
  constructor(protected readonly _client: OutboundCore) {}
}

function formData(file: Blob): FormData {
  const data = new FormData();
  data.append('file', file);
  return data;
}

${classes.join('\n\n')}

/** The top-level resources of the client. */
export const TOP_LEVEL_RESOURCES = ${JSON.stringify(top)} as const;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, render());
  console.log(`wrote ${OUT}`);
}
