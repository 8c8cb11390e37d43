// Writes .br and .gz beside every text asset of the build, so the server sends compressed files
// without compressing on each request (@fastify/static's preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!compressible.test(path) || path.endsWith('.map')) continue;
  const body = readFileSync(path);
  if (body.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.info(`precompressed ${count} files in ${dist}`);
