/**
 * Where a page's first load spends its main thread: the long tasks of one cold visit, each with the
 * trace's own events (parsing, style, layout, script) and the source files its JavaScript ran in.
 * Lighthouse says how long the tasks are (TBT); this says what they are made of (issue 12).
 *
 *   cd apps/web && npx vite build --sourcemap --outDir /tmp/web-sm && cd ../..
 *   WEB_DIST_DIR=/tmp/web-sm DATA_DIR=/tmp/tasks-data DEMO=true PORT=3100 node apps/server/dist/main.js &
 *   npx tsx bench/first-load-tasks.ts --origin http://127.0.0.1:3100 --dist /tmp/web-sm /fabrics /cart:signed-in
 *
 * The CPU is slowed 4× as Lighthouse's mobile preset assumes (--cpu N changes it), so a task listed here
 * (over 50 ms by default, --over N) is one that Total Blocking Time counts. Without --dist, or where a
 * file has no source map, JavaScript is named by its built file. A path ending in `:signed-in` is
 * visited as the demo shopper (signed in on /api/health, where no app runs to use the refresh token).
 * INCLUSIVE=1 also lists the functions, by their names in the sources, on the stack of each task's
 * samples; ALL_EVENTS=1 every trace event; --plain-images answers every picture with a one-colour SVG.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer, { type Page } from 'puppeteer-core';
import { ACCESS_TOKEN_COOKIE } from '@ssd/shared/constants';

const { values: options, positionals: paths } = parseArgs({
  allowPositionals: true,
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:3100' },
    dist: { type: 'string' },
    cpu: { type: 'string', default: '4' },
    over: { type: 'string', default: '50' },
    runs: { type: 'string', default: '1' },
    'plain-images': { type: 'boolean', default: false },
  },
});
const origin = options.origin;
const cpuSlowdown = Number(options.cpu);
const longTaskMs = Number(options.over);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { documentLoaderURL?: string; startTime?: number } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The trace's event names worth telling apart inside a task; the rest count as "other". */
const NAMED_WORK = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'HitTest',
  'ResourceReceivedData',
]);

/** ALL_EVENTS=1: every event inside a task, not only NAMED_WORK (to find what "(program)" time is). */
const ALL_EVENTS = Boolean(process.env.ALL_EVENTS);

const sourceMaps = new Map<string, TraceMap | null>();
function sourceMapOf(url: string): TraceMap | null {
  if (!options.dist || !url.startsWith(origin)) return null;
  if (!sourceMaps.has(url)) {
    const file = join(options.dist, new URL(url).pathname) + '.map';
    sourceMaps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return sourceMaps.get(url) ?? null;
}

/** INCLUSIVE=1: also list the functions (by their names in the sources) whose calls a task's time was spent in. */
const INCLUSIVE = process.env.INCLUSIVE === '1';

/** A frame's function as the sources name it, with its place, e.g. `hydrateRoot (react-dom)`. */
function sourceNameOf(frame: ProfileNode['callFrame']): string {
  const map = sourceMapOf(frame.url);
  const position = map && frame.lineNumber >= 0 ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) }) : null;
  return `${position?.name ?? (frame.functionName || '(anonymous)')} (${placeOf(frame)})`;
}

/** A short name for where a frame's code comes from: a package, or a file of ours. */
function placeOf(frame: ProfileNode['callFrame'], sampledLine?: number): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const map = sourceMapOf(frame.url);
  if (map) {
    // The line the sample was taken on, where the trace has it (a module's top-level code is one function
    // for the whole chunk: only its lines tell its modules apart; a build without minification has them).
    // A frame the map does not cover (a line past its end) keeps the built file's name.
    const position =
      sampledLine && sampledLine > 0
        ? originalPositionFor(map, { line: sampledLine, column: 0, bias: LEAST_UPPER_BOUND })
        : frame.lineNumber >= 0
          ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) })
          : { source: null };
    if (position.source) {
      const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(position.source);
      if (packageMatch) return packageMatch[1]!;
      return position.source.replace(/^(\.\.\/)+/, '').replace(/^apps\/web\//, '');
    }
  }
  return new URL(frame.url).pathname;
}

async function signIn(page: Page): Promise<void> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shopper@example.com', password: 'shopper1234' }),
  });
  const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string; auth_provider: string } };
  await page.goto(`${origin}/api/health`);
  // As the app keeps a session (lib/storage.ts): the access token in a cookie, the refresh token in local storage.
  await page.setCookie({ name: ACCESS_TOKEN_COOKIE, value: encodeURIComponent(data.access_token), url: origin, sameSite: 'Lax' });
  await page.evaluate(`localStorage.setItem('refresh_token', ${JSON.stringify(data.refresh_token)}); localStorage.setItem('auth_provider', ${JSON.stringify(data.auth_provider)})`);
}

function sumInto(totals: Map<string, number>, key: string, ms: number): void {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}
function top(totals: Map<string, number>, count: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, ms]) => ms >= 1)
    .map(([key, ms]) => `${key} ${Math.round(ms)}`)
    .join(', ');
}

function report(path: string, events: TraceEvent[]): void {
  const fcp = events.findLast((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${path}: the trace has no first contentful paint`);
  const main = (event: TraceEvent) => event.pid === fcp.pid && event.tid === fcp.tid;
  const navigation = events.findLast((event) => main(event) && event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(origin));
  if (!navigation) throw new Error(`${path}: the trace has no navigation start`);
  const at = (ts: number) => (ts - navigation.ts) / 1000;

  // The CPU profile of the page's main thread, as (time, node) samples.
  const nodes = new Map<string, ProfileNode>();
  const samples: Array<{ ts: number; node: string; line?: number }> = [];
  // Profile ids are numbered per process: a chunk is the page's when its process is too.
  const profileIds = new Set(events.filter((event) => event.name === 'Profile' && main(event)).map((event) => event.id));
  const clocks = new Map<string | undefined, number>();
  for (const event of events) {
    if (event.pid !== fcp.pid || !profileIds.has(event.id)) continue;
    if (event.name === 'Profile') clocks.set(event.id, event.args!.data!.startTime!);
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args!.data! as { cpuProfile: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; lines?: number[] };
    for (const node of data.cpuProfile.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node);
    let clock = clocks.get(event.id) ?? 0;
    (data.cpuProfile.samples ?? []).forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts: clock, node: `${event.id}:${node}`, line: data.lines?.[index] });
    });
    clocks.set(event.id, clock);
  }
  samples.sort((a, b) => a.ts - b.ts);

  const tasks = events.filter((event) => main(event) && event.name === 'RunTask' && event.ph === 'X' && event.ts >= navigation.ts && (event.dur ?? 0) / 1000 > longTaskMs);
  let blocking = 0;
  console.info(`\n${path}: first contentful paint at ${Math.round(at(fcp.ts))} ms; tasks over ${longTaskMs} ms (CPU ${cpuSlowdown}× slower):`);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const ms = task.dur! / 1000;
    if (task.ts >= fcp.ts) blocking += Math.max(0, ms - 50 / cpuSlowdown);
    const work = new Map<string, number>();
    for (const event of events) {
      if (!main(event) || event.ph !== 'X' || event.ts < task.ts || event.ts >= end || event === task || !(ALL_EVENTS || NAMED_WORK.has(event.name))) continue;
      sumInto(work, event.name, (event.dur ?? 0) / 1000);
    }
    const places = new Map<string, number>();
    const functions = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let previous: number | undefined;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const node = nodes.get(sample.node);
      if (previous !== undefined && node && node.callFrame.functionName !== '(idle)') {
        const place = placeOf(node.callFrame, sample.line);
        sumInto(places, place, (sample.ts - previous) / 1000);
        if (node.callFrame.url) sumInto(functions, `${node.callFrame.functionName || '(anonymous)'} in ${place}`, (sample.ts - previous) / 1000);
        if (INCLUSIVE) {
          // Every function on the sample's stack, by its name in the sources, counted once a sample.
          const onStack = new Set<string>();
          // Node ids are numbered per profile: a parent is looked up under the sample's profile id.
          const profile = sample.node.slice(0, sample.node.lastIndexOf(':'));
          for (let frame: ProfileNode | undefined = node; frame; frame = frame.parent === undefined ? undefined : nodes.get(`${profile}:${frame.parent}`)) {
            if (frame.callFrame.url) onStack.add(sourceNameOf(frame.callFrame));
          }
          for (const name of onStack) sumInto(inclusive, name, (sample.ts - previous) / 1000);
        }
      }
      previous = sample.ts;
    }
    console.info(`  at ${Math.round(at(task.ts))} ms, ${Math.round(ms)} ms${task.ts < fcp.ts ? ' (before FCP)' : ''}`);
    console.info(`    events: ${top(work, 8)}`);
    console.info(`    script: ${top(places, 8)}`);
    if (functions.size) console.info(`    functions: ${top(functions, Number(process.env.TOP_FUNCTIONS ?? 5))}`);
    if (inclusive.size) console.info(`    on the stack: ${top(inclusive, 16)}`);
  }
  console.info(`  blocking time after FCP (observed, over ${50 / cpuSlowdown} ms a task; not Lighthouse's simulation): ${Math.round(blocking)} ms`);
}

const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const PHONE_USER_AGENT_METADATA = { platform: 'Android', platformVersion: '11.0', architecture: '', model: 'moto g power (2022)', mobile: true };

/**
 * --plain-images: every picture of the store (`/content/assets/…`) is answered with a one-colour SVG of
 * its size, to measure what drawing the pictures themselves costs the main thread.
 */
async function answerImagesPlainly(page: Page): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/content/assets/')) return void request.continue();
    void fetch(request.url()).then(async (answer) => {
      const picture = await answer.text();
      const [, width = '100', height = '100'] = /width="(\d+)" height="(\d+)"/.exec(picture) ?? [];
      await request.respond({
        status: 200,
        contentType: 'image/svg+xml',
        body: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#e0d8d2"/></svg>`,
      });
    });
  });
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
// Chromium 156 opens its omnibox pop-up's WebUI in a renderer of its own as it starts, which keeps a core
// busy for a few seconds: on a 2-core machine the first page would share it.
await new Promise((done) => setTimeout(done, 6000));
try {
  for (const entry of paths) {
    const [path, mode] = entry.split(':signed-in').length > 1 ? [entry.replace(':signed-in', ''), 'signed-in'] : [entry, ''];
    for (let run = 0; run < Number(options.runs); run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (mode === 'signed-in') await signIn(page);
      await page.setCacheEnabled(false);
      // As Lighthouse's mobile preset: a phone's user agent and client hint, so the server draws the page
      // for a phone (apps/server plugins/page-render.ts) and the app takes it over without a re-render.
      await page.setUserAgent({ userAgent: PHONE_USER_AGENT, userAgentMetadata: PHONE_USER_AGENT_METADATA });
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await page.emulateCPUThrottling(cpuSlowdown);
      if (options['plain-images']) await answerImagesPlainly(page);
      await page.tracing.start({
        categories: ['-*', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel'],
      });
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-screen-ready]', { timeout: 30_000 });
      await new Promise((done) => setTimeout(done, 2000));
      const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString("utf8")) as { traceEvents: TraceEvent[] };
      report(path, trace.traceEvents);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
