// Bundle size of `import { Outbound } from '@outbound/sdk'` next to the OpenAI and Stripe SDKs:
// esbuild, browser platform, minified, gzip. Prints the three sizes and the ratios in one run.
// Run: pnpm --filter @outbound/sdk build && pnpm bench:sdk-size
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entries = {
  '@outbound/sdk': "import { Outbound } from '@outbound/sdk'; globalThis.client = Outbound;",
  openai: "import OpenAI from 'openai'; globalThis.client = OpenAI;",
  stripe: "import Stripe from 'stripe'; globalThis.client = Stripe;",
};

async function size(contents: string): Promise<{ raw: number; gzip: number }> {
  const out = await build({
    stdin: { contents, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    conditions: ['browser', 'worker'],
  });
  const code = out.outputFiles[0]!.contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const results: Record<string, { raw: number; gzip: number }> = {};
for (const [name, code] of Object.entries(entries)) results[name] = await size(code);

console.log('package           minified    gzip');
for (const [name, r] of Object.entries(results))
  console.log(`${name.padEnd(16)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(8)}`);
const ours = results['@outbound/sdk']!.gzip;
const smaller = Math.min(results.openai!.gzip, results.stripe!.gzip);
console.log();
console.log(`ours / openai  = ${(ours / results.openai!.gzip).toFixed(2)}`);
console.log(`ours / stripe  = ${(ours / results.stripe!.gzip).toFixed(2)}`);
console.log(
  `target: under 15 KB gzip (${ours < 15 * 1024 ? 'met' : 'MISSED'}) and under half of the smaller (${ours < smaller / 2 ? 'met' : 'MISSED'})`,
);
