import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Where an embedded database's files are (null: in memory) and the dump of a migrated database to start from. */
export interface PGliteStart {
  dataDir: string | null;
  template?: Blob;
  /** PGlite's WebAssembly compiled and its file bundle read once per process (pgliteArtifacts), for a worker. */
  artifacts?: PGliteArtifacts;
}

export type PGliteArtifacts = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule'>> & { fsBundle: Blob };

/** A compiled WebAssembly module, as PGlite takes it. */
type WasmModule = PGliteArtifacts['pgliteWasmModule'];

let artifacts: Promise<PGliteArtifacts> | undefined;

/** The global WebAssembly object (the project's lib, ES2023 without DOM, declares only its types). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

/**
 * PGlite's WebAssembly modules and file bundle, as PGlite itself loads them from its package. PGlite keeps a
 * compiled module per process, which a worker thread does not share: compiled here once, every worker is given
 * them (a WebAssembly.Module crosses to a worker without a copy). Opening an in-memory database from a
 * template took 1.25–1.33 s in a worker compiling its own, 1.09–1.11 s in one given these, and 0.64–0.73 s
 * on the server's thread once PGlite had compiled there (bench/tmp, 2026-11-30).
 */
export function pgliteArtifacts(): Promise<PGliteArtifacts> {
  artifacts ??= (async () => {
    // PGlite's dist/ folder, where its entry point and artifacts are.
    const dist = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compiled = (file: string) => readFile(new URL(file, dist)).then((bytes) => wasm.compile(bytes));
    const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([compiled('./pglite.wasm'), compiled('./initdb.wasm'), readFile(new URL('./pglite.data', dist))]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })();
  return artifacts;
}

/** How the store opens an embedded database, in the process or in its worker (pglite-worker.ts). */
export function pgliteOptions(start: PGliteStart): PGliteOptions {
  return {
    ...(start.dataDir ? { dataDir: start.dataDir } : {}),
    ...(start.template ? { loadDataDir: start.template } : {}),
    ...start.artifacts,
    extensions: { pg_trgm },
    // PGlite's default 128 MB of shared buffers alone would put an idle demo store past 300 MB RSS;
    // 16 MB holds the demo catalogue's working set (measured: docs/decisions/0006-embedded-memory.md).
    postgresqlconf: ['shared_buffers = 16MB'],
  } as PGliteOptions;
}
