import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApi } from '../scripts/write-openapi.js';
import { type Operation, operationList } from '../src/index.js';
import { buildOpenApiDocument } from '../src/openapi.js';

type OperationObject = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: unknown;
  'x-extension'?: boolean;
};

const doc = buildOpenApiDocument();
const opAt = (op: Operation) => doc.paths?.[op.path]?.[op.method] as OperationObject | undefined;

describe('docs/openapi.json', () => {
  it('is up to date with the registry (run pnpm openapi when this fails)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApi());
  });

  it('validates as OpenAPI 3.1 with swagger-parser', async () => {
    const copy = JSON.parse(JSON.stringify(doc));
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
  });

  it('has every registry operation with operationId, summary, security, schemas and its error responses', () => {
    for (const op of operationList as Operation[]) {
      const o = opAt(op);
      expect(o, op.operationId).toBeDefined();
      expect(o?.operationId).toBe(op.operationId);
      expect(o?.summary?.length).toBeGreaterThan(0);
      expect(Array.isArray(o?.security), op.operationId).toBe(true);
      if (op.auth !== 'none') expect(o?.security?.length, op.operationId).toBe(op.alsoSession ? 2 : 1);
      if (op.body) expect(o?.requestBody, op.operationId).toBeDefined();
      for (const status of Object.keys(op.errors)) {
        const schema = o?.responses?.[status]?.content?.['application/json']?.schema?.$ref;
        const shape = op.errors[Number(status) as keyof typeof op.errors]?.shape;
        expect(schema, `${op.operationId} ${status}`).toBe(
          shape === 'flat' ? '#/components/schemas/FlatError' : '#/components/schemas/StructuredError',
        );
      }
      for (const [status, schema] of Object.entries(op.responses)) {
        expect(o?.responses?.[status], `${op.operationId} ${status}`).toBeDefined();
        if (schema) expect(o?.responses?.[status]?.content?.['application/json']).toBeDefined();
      }
      expect(o?.['x-extension'] === true, op.operationId).toBe(op.extension);
    }
  });

  it('has no operation the registry does not hold', () => {
    const count = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(operationList.length);
  });

  it('documents the three webhook events', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(['research.complete', 'research.failed', 'signal.detected']);
  });
});
