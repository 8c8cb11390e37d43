/**
 * Execution time of every path of every scenario (EXPLAIN ANALYZE, one after another, no load), to
 * find the slow ones behind a scenario's percentiles. On a database kept by `npm run bench -- --keep`:
 *
 *   npx tsx bench/explain-paths.ts [postgres://postgres@127.0.0.1:5432/ssd_bench]
 */
import { explainAll } from './explain';
import { catalogListing, misspeltSearch, search, shopListing, singleCatalogListing, tagListing } from './scenarios';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/ssd_bench';
const groups = { shopListing, singleCatalogListing, catalogListing, tagListing, search, misspeltSearch };

for (const [group, paths] of Object.entries(groups)) {
  const explained = await explainAll(
    url,
    paths().map((path) => ({ name: group, path })),
  );
  console.info(`\n${group}`);
  for (const e of explained) {
    const query = decodeURIComponent(e.path.slice(e.path.indexOf('?') + 1)).replace(/fields=[^&]*&?/, '');
    const steps = e.statements
      .map((s) => `${(s.executionMs ?? Number.NaN).toFixed(1).padStart(7)} ms ${s.indexesUsed.join('+') || (s.seqScans.length ? 'seq' : '-')}`)
      .join(' | ');
    console.info(`${steps}  ${query}`);
  }
}
