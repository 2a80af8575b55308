import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('docs/mock.md shows the example that runs as test/guide.example.test.ts, verbatim', () => {
  const doc = readFileSync(new URL('../../../docs/mock.md', import.meta.url), 'utf8');
  const example = readFileSync(new URL('./guide.example.test.ts', import.meta.url), 'utf8');
  expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
});
