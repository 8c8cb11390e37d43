/** The results of one checkout bench run as Markdown (also kept as JSON next to it). */
import type { ServerFacts } from './database';
import type { Latency } from './checkout-http';
import type { FlowsResult, HoldLoadResult, RaceResult, StormResult } from './checkout-scenarios';
import type { InvariantReport } from './checkout-setup';
import type { Observation } from './checkout-waits';
import type { LoadOptions, LoadResult } from './load';

export interface InvariantCheck extends InvariantReport {
  after: string;
}

export interface ListingRun {
  result: LoadResult;
  hitRate: number;
  hits: number;
  misses: number;
  /** Stock-only change notices the server received during the run (null: the server does not count them). */
  stockNotices: number | null;
  storm: StormResult | null;
  stormItems: string | null;
  /** A run on a server with the answer cache off. */
  cacheOff?: boolean;
  observation: Observation;
}

export interface ObservedHolds {
  name: string;
  items: number;
  result: HoldLoadResult;
  observation: Observation;
}

type Units = { quantity: number; held: number; sold: number; heldReservations: number };

export interface CheckoutReport {
  date: string;
  command: string;
  tree: { commit: string; subject: string; uncommitted: string[] };
  machine: { nproc: string; cpu: string; loadAtStart: string; loadAverage: string; node: string; kernel: string };
  postgres: ServerFacts;
  commitSettings: Record<string, string>;
  products: number;
  shoppers: number;
  shoppersMs: number;
  /** Connections each server process keeps to PostgreSQL (DATABASE_POOL_SIZE, as main.ts reads it). */
  poolSize: number;
  hotItem: number;
  hotStock: number;
  holdOptions: { clients: number; seconds: number; warmupSeconds: number };
  /** One process on the hot item, one process spread over many items (the control), two processes on the hot item. */
  holds: ObservedHolds[];
  race: RaceResult;
  raceUnits: Units;
  raceExact: boolean;
  flows: FlowsResult;
  hotAfterFlows: Units;
  listingLoad: LoadOptions;
  listingPaths: number;
  stormRate: number;
  stormShoppers: number;
  listing: ListingRun[];
  /** EXPLAIN (ANALYZE, BUFFERS) of a hold's stock UPDATE on the hot item. */
  stockUpdatePlan: string[];
  invariants: InvariantCheck[];
  goals: { holdsPerSecond: number; listingP95Ms: number };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const ms2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const verdict = (pass: boolean) => (pass ? 'pass' : '**FAIL**');
const int = (n: number) => Math.round(n).toLocaleString('en-US');

function latencyCells(l: Latency): string {
  return `${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)}`;
}

export function renderCheckoutReport(report: CheckoutReport): string {
  const lines: string[] = [];
  const { machine, goals } = report;
  const pgFacts = report.postgres;
  const settings = { ...pgFacts.settings, ...report.commitSettings };
  const oversoldAll = report.invariants.reduce((sum, c) => sum + c.oversold, 0);
  const mismatchedAll = report.invariants.reduce((sum, c) => sum + c.mismatched, 0);
  const oversoldAfter = (prefix: string) => report.invariants.find((c) => c.after.startsWith(prefix));
  const one = report.holds[0]!.result;
  const spread = report.holds[1]!.result;
  const two = report.holds[2]!.result;
  const stormRuns = report.listing.filter((run) => run.storm);
  const calmRuns = report.listing.filter((run) => !run.storm && !run.cacheOff);
  const calm = calmRuns[0];

  lines.push(`### Run of ${report.date}`, '');
  lines.push(`Command: \`${report.command}\``, '');
  lines.push(
    `Tree: commit ${report.tree.commit} ("${report.tree.subject}")` +
      (report.tree.uncommitted.length
        ? `, with uncommitted changes in ${report.tree.uncommitted.length} files under apps/server/src, packages/shared/src and bench: ${report.tree.uncommitted.map((l) => `\`${l.trim()}\``).join(', ')}.`
        : ', nothing uncommitted under apps/server/src, packages/shared/src and bench.'),
    '',
  );
  lines.push(
    `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.kernel}, Node ${machine.node}, load average (1/5/15 min) ${machine.loadAtStart} at the start, ${machine.loadAverage} at the end; ` +
      'shared with other work and noisy, and the load generator runs on the same two cores as the servers and PostgreSQL: compare ratios within the run, not absolute numbers between runs.',
    '',
  );
  lines.push(
    `PostgreSQL ${pgFacts.version} (${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}); items table with indexes ${pgFacts.itemsSize}.`,
    '',
  );
  lines.push(
    `Data: ${int(report.products)} generated products (bench/generate.ts) and the hot item (id ${report.hotItem}, ₹1,299, ${int(report.hotStock)} units); ` +
      `${int(report.shoppers)} shoppers, each with a session from the app's issueSession and a default address (created in ${(report.shoppersMs / 1000).toFixed(1)} s). ` +
      `Each scenario starts its own server processes (bench/server.ts, pool of ${report.poolSize}, payments on the built-in sandbox as main.ts wires them, checkout sweeper running); ` +
      "between scenarios every hold left is released by the app's sweep, so every shopper starts holding nothing.",
    '',
  );

  // ---- Goals ----
  lines.push('| Goal | Measured | Verdict |', '|---|---|---|');
  const holdsPass = (r: HoldLoadResult, prefix: string) => r.holdsPerSecond >= goals.holdsPerSecond && r.errors === 0 && (oversoldAfter(prefix)?.oversold ?? 1) === 0 && (oversoldAfter(prefix)?.mismatched ?? 1) === 0;
  lines.push(
    `| ≥ ${goals.holdsPerSecond} holds a second on one hot item, zero oversold — one process | ${int(one.holdsPerSecond)} holds/s, oversold ${oversoldAfter('1 (')?.oversold ?? '?'}, p95 ${ms(one.latency.p95)} ms | ${verdict(holdsPass(one, '1 ('))}${one.holdsPerSecond < goals.holdsPerSecond ? ` (${((one.holdsPerSecond / goals.holdsPerSecond) * 100).toFixed(0)}% of the goal)` : ''} |`,
  );
  lines.push(
    `| the same, two processes on one database | ${int(two.holdsPerSecond)} holds/s (${(two.holdsPerSecond / one.holdsPerSecond).toFixed(2)}× one process), oversold ${oversoldAfter('2 (')?.oversold ?? '?'}, p95 ${ms(two.latency.p95)} ms | ${verdict(holdsPass(two, '2 ('))}${two.holdsPerSecond < goals.holdsPerSecond ? ` (${((two.holdsPerSecond / goals.holdsPerSecond) * 100).toFixed(0)}% of the goal)` : ''} |`,
  );
  lines.push(
    `| stock race: ${report.race.stock} units, ${report.race.requests} shoppers at once on two processes, exactly ${report.race.stock} held | ${report.race.held} held, ${report.race.outOfStock} out of stock, ${report.race.errors} errors; stock left ${report.raceUnits.quantity} | ${verdict(report.raceExact)} |`,
  );
  for (const run of stormRuns) {
    const pass = run.result.p95 <= goals.listingP95Ms && run.result.failures === 0;
    lines.push(
      `| listing p95 ≤ ${goals.listingP95Ms} ms during ${report.stormRate} holds + ${report.stormRate} releases a second (storm on ${run.stormItems}) | p95 ${ms2(run.result.p95)} ms, cache hits ${(run.hitRate * 100).toFixed(1)}% (${calm ? `${ms2(calm.result.p95)} ms and ${(calm.hitRate * 100).toFixed(1)}% without the storm` : ''}); the storm's own holds: p95 ${ms(run.storm!.reserve.p95)} ms | ${verdict(pass)}${pass ? '' : ` (${(run.result.p95 / goals.listingP95Ms).toFixed(1)}× the goal)`} |`,
    );
  }
  lines.push(
    `| whole path reserve → create → pay → confirmed: p95 (no number set) | p50 ${ms(report.flows.total.p50)} ms, p95 ${ms(report.flows.total.p95)} ms, ${report.flows.confirmed} of ${report.flows.flows} confirmed | ${report.flows.failures === 0 ? 'reported' : '**FAIL**: some not confirmed'} |`,
  );
  lines.push(
    `| stock invariant after every scenario, every item: initial = quantity + held + sold | oversold: ${oversoldAll}, units lost or made up: ${mismatchedAll} | ${verdict(oversoldAll === 0 && mismatchedAll === 0)} |`,
  );
  lines.push('');

  // ---- 1, 2 ----
  lines.push(
    `#### Holds on one hot item`,
    '',
    `${report.holdOptions.clients} clients in a closed loop for ${report.holdOptions.warmupSeconds} s of warm-up then ${report.holdOptions.seconds} s, each request ` +
      '`POST /api/order/reserve {items: [{item_id, quantity: 1}]}` by the next shopper of the pool, so each one is a shopper\'s first hold and takes a unit; ' +
      'with two processes the clients are split between them. The control row sends the same requests spread over 500 items (each with a large stock), so no row is hot. ' +
      'Holds/s counts 200s completed in the measured window; latencies in ms. "Server CPU": CPU time of each server process per second; "loop busy": share of the time its event loop was running something.',
    '',
  );
  lines.push('| Run | holds/s | × control | slowest / median / fastest second | p50 | p95 | p99 | max | 409s | errors | repeat shoppers | server CPU, loop busy |');
  lines.push('|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const h of report.holds) {
    const r = h.result;
    lines.push(
      `| ${h.name} | ${int(r.holdsPerSecond)} | ${((r.holdsPerSecond / spread.holdsPerSecond) * 100).toFixed(0)}% | ${r.perSecond.min} / ${r.perSecond.median} / ${r.perSecond.max} | ${latencyCells(r.latency)} | ${r.conflicts} | ${r.errors} | ${r.replacements} | ` +
        `${h.observation.servers.map((s) => `${s.cores.toFixed(2)} cores, ${(s.loopBusy * 100).toFixed(0)}%`).join('; ')} |`,
    );
  }
  lines.push('');
  if (report.holds.some((h) => h.result.replacements > 0)) {
    lines.push(
      '"Repeat shoppers": the pool ran out and some requests came from a shopper already holding a unit; the server nets the released and the new unit and writes no stock for those, so they are cheaper than a first hold (run with more `--shoppers`).',
      '',
    );
  }
  lines.push(
    'Where the database sessions of the bench database spent these runs (pg_stat_activity sampled every 20 ms; share of busy-session samples; ' +
      '"CPU" a session running, "Lock:transactionid"/"Lock:tuple" waiting for another transaction\'s row lock, "IO:WALSync"/"LWLock:WALWrite" a commit waiting on the WAL flush, ' +
      '"idle in transaction" an open transaction waiting for its server process to send the next statement):',
    '',
  );
  for (const h of report.holds) {
    const w = h.observation.database;
    lines.push(
      `- ${h.name}: ${w.meanBusy.toFixed(1)} sessions busy on average; ` +
        w.byWait
          .slice(0, 6)
          .map((x) => `${x.what} ${(x.share * 100).toFixed(0)}%`)
          .join(', '),
    );
  }
  lines.push(
    '',
    "A hold's stock statement on the hot row, `EXPLAIN (ANALYZE, BUFFERS)` after the data was made, its third run in one connection (so the trigger functions are already compiled; each run rolled back); the triggers run inside the row lock:",
    '',
    '```',
    ...report.stockUpdatePlan,
    '```',
  );
  lines.push('', 'The largest (what, statement) pairs of the one-process hot-item run:', '', '| share | what | statement |', '|---:|---|---|');
  for (const t of report.holds[0]!.observation.database.top) lines.push(`| ${(t.share * 100).toFixed(0)}% | ${t.what} | \`${t.statement.replace(/\|/g, '\\|')}\` |`);
  lines.push('');

  // ---- 3 ----
  const race = report.race;
  lines.push(
    '#### Stock race',
    '',
    `Item with ${race.stock} units; ${race.requests} shoppers each reserve one unit at the same moment, alternating between ${race.servers} processes. ` +
      `Answers: ${race.held} × 200, ${race.outOfStock} × 409 (out of stock), ${race.errors} other${race.errorExamples.length ? ` (${race.errorExamples.join('; ')})` : ''}; ` +
      `all answered in ${ms(race.wallMs)} ms (p50 ${ms(race.latency.p50)}, p95 ${ms(race.latency.p95)}, max ${ms(race.latency.max)}). ` +
      `In the database afterwards: ${report.raceUnits.heldReservations} held reservations holding ${report.raceUnits.held} units, stock ${report.raceUnits.quantity}.`,
    '',
  );

  // ---- 4 ----
  const f = report.flows;
  lines.push(
    '#### Whole path',
    '',
    `${f.flows} checkouts of one unit of the hot item, ${f.concurrency} at once, each by its own shopper on one process: \`POST /api/order/reserve\`, ` +
      '`POST /api/order/create` (default address; the server creates the provider\'s order in the sandbox over HTTP), ' +
      "`POST /sandbox/razorpay/checkout/pay {key, order_id, outcome: 'success'}` (what the sandbox's checkout.js sends), then " +
      `\`GET /api/verify/order/status/{order_id}\` every ${f.pollMs} ms until \`confirmed\` (the sandbox's signed webhook reaches /api/payment/webhook asynchronously; ${f.pollsPerFlow.toFixed(1)} polls a path on average). ` +
      `${f.confirmed} of ${f.flows} confirmed in ${(f.wallMs / 1000).toFixed(1)} s${f.failures ? `; failures: ${f.failureExamples.join('; ')}` : ''}. ` +
      `Hot item afterwards: ${int(report.hotAfterFlows.sold)} units sold.`,
    '',
  );
  lines.push('| Step | p50 | p95 | p99 | max |', '|---|---:|---:|---:|---:|');
  lines.push(`| reserve | ${latencyCells(f.reserve)} |`);
  lines.push(`| create | ${latencyCells(f.create)} |`);
  lines.push(`| pay (sandbox) | ${latencyCells(f.pay)} |`);
  lines.push(`| pay answered → confirmed seen | ${latencyCells(f.confirm)} |`);
  lines.push(`| **whole path** | ${latencyCells(f.total)} |`);
  lines.push('');

  // ---- 5 ----
  const load = report.listingLoad;
  lines.push(
    '#### Listings during a hold storm',
    '',
    `autocannon, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s, rotating through the ${report.listingPaths} paths of the four listing scenarios of bench/scenarios.ts ` +
      `(shop + price range, one catalog, two catalogs, tags), on one process with the content answer cache as shipped. "Storm": meanwhile another client starts ${report.stormRate} checkouts a second on the same process, ` +
      `each \`POST /api/order/reserve\` of one unit then \`PATCH /api/order/reserve/status {status: expired}\`, by ${report.stormShoppers} shoppers in turn (an idle one for each start), ` +
      'on the hot item (its stock never runs out) or on 500 in-stock items spread over the catalogue with the stock the generator gave them (a hold that takes an item\'s last unit moves it out of stock). "Cache hits": share of the run\'s content reads (warm-up included) answered from memory, from the server\'s counters before and after. ' +
      '"× calm": req/s over the first run without the storm. The last row is the same load on a server with the answer cache off, no storm: what every request costs when nothing is kept.',
    '',
  );
  lines.push('| Run | req/s | × calm | p50 | p95 | p99 | max | cache hits | failures | storm holds/s | releases/s | reserve p95 | release p95 | storm 409s / errors | server CPU, loop busy | p95 goal |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
  for (const run of report.listing) {
    const r = run.result;
    const s = run.storm;
    lines.push(
      `| ${r.name} | ${int(r.requestsPerSecond)} | ${calm ? `${((r.requestsPerSecond / calm.result.requestsPerSecond) * 100).toFixed(0)}%` : ''} | ${ms2(r.p50)} | ${ms2(r.p95)} | ${ms2(r.p99)} | ${ms2(r.max)} | ${run.cacheOff ? 'cache off' : `${(run.hitRate * 100).toFixed(1)}% (${int(run.hits)} / ${int(run.hits + run.misses)})${run.stockNotices ? `; ${int(run.stockNotices)} stock-only notices` : ''}`} | ${r.failures} | ` +
        (s ? `${s.holdsPerSecond.toFixed(1)}${s.skipped > 0 ? ` (${int(s.skipped)} starts skipped: every storm shopper was still waiting)` : ''} | ${s.releasesPerSecond.toFixed(1)} | ${ms(s.reserve.p95)} | ${ms(s.release.p95)} | ${s.outOfStock} / ${s.errors}` : ' | | | | ') +
        ` | ${run.observation.servers.map((o) => `${o.cores.toFixed(2)} cores, ${(o.loopBusy * 100).toFixed(0)}%`).join('; ')}` +
        ` | ${s ? `≤ ${report.goals.listingP95Ms} ms: ${verdict(r.p95 <= report.goals.listingP95Ms && r.failures === 0)}` : ''} |`,
    );
  }
  lines.push('');

  lines.push('Database sessions during the listing runs (sampled as above):', '');
  for (const run of report.listing) {
    const w = run.observation.database;
    lines.push(
      `- ${run.result.name}: ${w.meanBusy.toFixed(1)} busy on average` +
        (w.meanBusy < 0.05
          ? ''
          : `; ${w.byWait
              .slice(0, 5)
              .map((x) => `${x.what} ${(x.share * 100).toFixed(0)}%`)
              .join(', ')}`),
    );
  }
  lines.push('');

  // ---- invariant ----
  lines.push('#### Stock invariant', '', 'Checked over every item after each scenario (before its leftover holds are released): initial stock = `items.quantity` + units of held reservation lines + units of sold ones.', '');
  lines.push('| After scenario | items | oversold | units lost or made up |', '|---|---:|---:|---:|');
  for (const c of report.invariants) lines.push(`| ${c.after} | ${c.items} | ${c.oversold} | ${c.mismatched} |`);
  lines.push('');
  return lines.join('\n');
}
