// `pnpm example <name>`: runs one example.
const EXAMPLES = [
  'launch-campaign',
  'research-webhook',
  'one-off-email',
  'schedule-post',
  'signals-digest',
  'credit-check',
  'rotate-api-key',
] as const;

const name = process.argv[2];

export {};

if (!name || !(EXAMPLES as readonly string[]).includes(name)) {
  console.error(`Usage: pnpm example <name>\n\nExamples:\n${EXAMPLES.map((e) => `  ${e}`).join('\n')}`);
  process.exit(name ? 1 : 0);
}
await import(`./${name}.ts`);
