import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', openapi: 'src/openapi.ts', routes: 'src/routes.generated.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
