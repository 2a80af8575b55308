// Type-checks every ```ts block of README.md and docs/*.md as a program of its own, against the
// workspace packages, so the documentation cannot drift from the API. Blocks fenced as
// ```ts snippet are fragments and skipped.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const out = join(root, 'examples', '.docs-check');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
let count = 0;
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
  blocks.forEach((m, i) => {
    const name = `${file.replace(/[/.]/g, '_')}_${i + 1}.ts`;
    // Each block is a module (top-level await allowed).
    writeFileSync(join(out, name), `// ${file}, block ${i + 1}\n${m[1]}\nexport {};\n`);
    count++;
  });
}
// Bundler asset imports (`?url`), as in the browser setup of docs/mock.md.
writeFileSync(join(out, 'assets.d.ts'), "declare module '*?url' {\n  const url: string;\n  export default url;\n}\n");
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../tsconfig.base.json',
    compilerOptions: { noEmit: true, types: ['node'], customConditions: ['source'], noUnusedLocals: false },
    include: ['*.ts'],
  }),
);
try {
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', out], { stdio: 'inherit' });
  console.log(`docs: ${count} TypeScript blocks in ${files.length} files type-check`);
} catch {
  console.error(`docs: type errors in the TypeScript blocks above (files under examples/.docs-check)`);
  process.exit(1);
} finally {
  if (!process.env.KEEP_DOCS_CHECK) rmSync(out, { recursive: true, force: true });
}
