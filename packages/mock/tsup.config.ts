import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', node: 'src/node.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
  { entry: { browser: 'src/browser.ts' }, format: ['esm'], dts: true, sourcemap: true, target: 'es2022' },
  { entry: { cli: 'src/cli.ts' }, format: ['esm'], sourcemap: true, target: 'node20' },
]);
