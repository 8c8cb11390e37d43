/**
 * What `npm run lighthouse` makes of Lighthouse's results, kept free of the browser so it can be
 * tested: one summary per page, the CI gate, the goal of issue 12 and the report in docs/lighthouse.md.
 */

/**
 * CI fails below these, with up to five runs a page: accessibility 100, and performance 90, issue 12's
 * goal of 95 less a margin for a shared 2-core machine's noise (decisions/0059, superseding 0056's 75).
 * The report shows each kept run's benchmarkIndex, so that scores from different hosts are not compared
 * as if alike.
 */
export const GATE = { performance: 90, accessibility: 100 } as const;

/**
 * A page under the performance gate (or not scored) is measured again, after a pause: a burst of another
 * tenant's work on the shared host lasts seconds to a minute (decisions/0059). The best run is kept.
 */
export const RERUNS = { count: 4, pauseMs: 15_000 } as const;

/** The goal the report measures every page against (issue 12). */
export const GOAL = { performance: 95, accessibility: 100, lcpMs: 2000, tbtMs: 150 } as const;

/** The few parts of a Lighthouse result (LH.Result) read here. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; group?: string }> } | undefined>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string } | undefined>;
  runtimeError?: { code: string; message: string };
  /** Lighthouse's measure of the host's CPU, taken at the start of the run (higher is faster). */
  environment?: { benchmarkIndex?: number };
}

export interface PageSummary {
  name: string;
  path: string;
  /** 0–100; null when Lighthouse could not score the page. */
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The host's speed during this run (Lighthouse's benchmarkIndex), to compare runs made on different hosts. */
  benchmarkIndex: number | null;
  /** Audit ids with their titles (and value, when Lighthouse gives one) that did not pass. */
  failing: string[];
}

/** Audits that report rather than judge: never counted as failing. */
const NOT_JUDGED = new Set(['informative', 'notApplicable', 'manual']);
/** Lighthouse paints a performance audit green from 0.9; accessibility audits pass or fail. */
const PASSING = { performance: 0.9, accessibility: 1 } as const;

function score(result: LighthouseResult, category: 'performance' | 'accessibility'): number | null {
  const value = result.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

function metric(result: LighthouseResult, id: string): number | null {
  const value = result.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
}

/** The audits of a category that did not pass; performance's metrics are reported as numbers instead. */
function failingAudits(result: LighthouseResult, category: 'performance' | 'accessibility'): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  const failing: string[] = [];
  for (const ref of refs) {
    if (ref.group === 'metrics' || ref.group === 'hidden') continue;
    const audit = result.audits[ref.id];
    if (!audit || NOT_JUDGED.has(audit.scoreDisplayMode)) continue;
    const failed = audit.scoreDisplayMode === 'error' || (audit.score !== null && audit.score < PASSING[category]);
    if (failed) failing.push(audit.displayValue ? `${ref.id} (${audit.displayValue})` : ref.id);
  }
  return failing;
}

export function summarize(name: string, path: string, result: LighthouseResult): PageSummary {
  return {
    name,
    path,
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    lcpMs: metric(result, 'largest-contentful-paint'),
    tbtMs: metric(result, 'total-blocking-time'),
    cls: metric(result, 'cumulative-layout-shift'),
    benchmarkIndex: typeof result.environment?.benchmarkIndex === 'number' ? Math.round(result.environment.benchmarkIndex) : null,
    // A page that could not be measured fails every audit: its error says why, the list would not.
    failing: result.runtimeError
      ? [`runtime error ${result.runtimeError.code}`]
      : [...failingAudits(result, 'accessibility'), ...failingAudits(result, 'performance')],
  };
}

/** Why a page fails the CI gate (empty when it passes); a page Lighthouse could not score fails. */
export function gateFailures(page: PageSummary, gate: { performance: number; accessibility: number } = GATE): string[] {
  const reasons: string[] = [];
  if (page.accessibility === null || page.accessibility < gate.accessibility) {
    reasons.push(`${page.path}: accessibility ${page.accessibility ?? 'not scored'} < ${gate.accessibility}`);
  }
  if (page.performance === null || page.performance < gate.performance) {
    reasons.push(`${page.path}: performance ${page.performance ?? 'not scored'} < ${gate.performance}`);
  }
  return reasons;
}

/** The log line of a re-measure (RERUNS): why the page was measured again, and what the new run gave. */
export function rerunLine(before: PageSummary, again: PageSummary, gate: { performance: number } = GATE): string {
  const performance = (page: PageSummary) => (page.performance === null ? `not scored (${page.failing.join(', ')})` : String(page.performance));
  const why = before.performance === null ? performance(before) : `${before.performance} under ${gate.performance}`;
  return `${before.path}: performance ${why}, measured again: ${performance(again)}`;
}

export function meetsGoal(page: PageSummary): boolean {
  return (
    page.performance !== null &&
    page.performance >= GOAL.performance &&
    page.accessibility !== null &&
    page.accessibility >= GOAL.accessibility &&
    page.lcpMs !== null &&
    page.lcpMs <= GOAL.lcpMs &&
    page.tbtMs !== null &&
    page.tbtMs <= GOAL.tbtMs
  );
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms)} ms`);
const shift = (value: number | null) => (value === null ? '—' : value.toFixed(3));
const scored = (value: number | null) => (value === null ? '—' : String(value));

/** docs/lighthouse.md: one row per page and the audits that failed, with how the numbers were made. */
export function markdownReport(pages: PageSummary[], run: { date: string; lighthouseVersion: string; chromeVersion: string; note?: string }): string {
  const rows = pages.map(
    (page) =>
      `| ${page.name} (\`${page.path}\`) | ${scored(page.performance)} | ${scored(page.accessibility)} | ${seconds(page.lcpMs)} | ${millis(page.tbtMs)} | ${shift(page.cls)} | ${meetsGoal(page) ? 'yes' : 'no'} | ${scored(page.benchmarkIndex)} |`,
  );
  const failing = pages.map((page) => `- **${page.name}**: ${page.failing.length ? page.failing.map((id) => `\`${id}\``).join(', ') : 'none'}`);
  const gate = pages.flatMap((page) => gateFailures(page));
  return [
    '# Lighthouse',
    '',
    `Written by \`npm run lighthouse\` (after \`npm run build\`) on ${run.date}: Lighthouse ${run.lighthouseVersion}, mobile preset`,
    `(simulated throttling), one run per page, Debian's Chromium ${run.chromeVersion}, the production build on a fresh embedded`,
    'demo database; the cart, My Orders and an order\'s details signed in as the demo shopper.',
    ...(run.note ? ['', run.note] : []),
    '',
    `Goal (issue 12): performance ≥ ${GOAL.performance}, accessibility ${GOAL.accessibility}, LCP ≤ ${seconds(GOAL.lcpMs)}, TBT ≤ ${millis(GOAL.tbtMs)}.`,
    `CI fails when accessibility < ${GATE.accessibility} or performance < ${GATE.performance} on any page; a page under the performance`,
    `gate (or not scored) is measured up to ${RERUNS.count} more times, ${RERUNS.pauseMs / 1000} s apart, and the best run is kept (decisions/0059). The last column is`,
    "Lighthouse's measure of the host's CPU during the kept run: scores from hosts far apart in it do not compare.",
    '',
    '| page | performance | accessibility | LCP | TBT | CLS | goal met | host benchmarkIndex |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Audits that did not pass',
    '',
    ...failing,
    '',
    '## CI gate',
    '',
    gate.length ? gate.map((reason) => `- ${reason}`).join('\n') : 'Passed on every page.',
    '',
  ].join('\n');
}
