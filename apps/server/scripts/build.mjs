// Bundles the server (and the TypeScript source of @ssd/shared it imports) into dist/main.js, and the
// embedded database's worker thread (src/db/pglite-worker.ts, decisions/0101) into dist/pglite-worker.js beside it.
// Installed packages stay external: they load from node_modules as usual.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@ssd/'));

await build({
  entryPoints: { main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log('built apps/server/dist/main.js and dist/pglite-worker.js');
