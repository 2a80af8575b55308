// `pnpm example <name>`: runs one example.
import { EXAMPLES } from './list.js';

const name = process.argv[2];

if (!name || !(EXAMPLES as readonly string[]).includes(name)) {
  console.error(`Usage: pnpm example <name>\n\nExamples:\n${EXAMPLES.map((e) => `  ${e}`).join('\n')}`);
  process.exit(name ? 1 : 0);
}
await import(`./${name}.ts`);
