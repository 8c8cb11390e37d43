import { describe, expect, it } from 'vitest';
import { gateFailures, markdownReport, meetsGoal, rerunLine, summarize, type LighthouseResult, type PageSummary } from './lighthouse-verdict';

/** A Lighthouse result with the given scores (0–1) and audits. */
function result(scores: { performance: number | null; accessibility: number | null }, audits: LighthouseResult['audits'] = {}): LighthouseResult {
  return {
    categories: {
      performance: {
        score: scores.performance,
        auditRefs: [
          { id: 'largest-contentful-paint', group: 'metrics' },
          { id: 'total-blocking-time', group: 'metrics' },
          { id: 'cumulative-layout-shift', group: 'metrics' },
          { id: 'render-blocking-resources' },
          { id: 'unused-javascript' },
          { id: 'diagnostics' },
          { id: 'render-blocking-insight', group: 'hidden' },
        ],
      },
      accessibility: { score: scores.accessibility, auditRefs: [{ id: 'color-contrast' }, { id: 'heading-order' }, { id: 'video-caption' }] },
    },
    audits: {
      'largest-contentful-paint': { title: 'LCP', score: 0.8, scoreDisplayMode: 'numeric', numericValue: 2345.6 },
      'total-blocking-time': { title: 'TBT', score: 0.9, scoreDisplayMode: 'numeric', numericValue: 140.2 },
      'cumulative-layout-shift': { title: 'CLS', score: 1, scoreDisplayMode: 'numeric', numericValue: 0.0042 },
      'render-blocking-resources': { title: 'Render blocking', score: 1, scoreDisplayMode: 'metricSavings' },
      'unused-javascript': { title: 'Unused JS', score: 1, scoreDisplayMode: 'metricSavings' },
      diagnostics: { title: 'Diagnostics', score: null, scoreDisplayMode: 'informative' },
      'render-blocking-insight': { title: 'Insight', score: 0, scoreDisplayMode: 'metricSavings' },
      'color-contrast': { title: 'Contrast', score: 1, scoreDisplayMode: 'binary' },
      'heading-order': { title: 'Headings', score: 1, scoreDisplayMode: 'binary' },
      'video-caption': { title: 'Captions', score: null, scoreDisplayMode: 'notApplicable' },
      ...audits,
    },
  };
}

const page = (performance: number | null, accessibility: number | null, metrics: Partial<PageSummary> = {}): PageSummary => ({
  name: 'Home',
  path: '/',
  performance,
  accessibility,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0,
  benchmarkIndex: 2000,
  failing: [],
  ...metrics,
});

describe('summarize', () => {
  it('reads the scores as 0–100 and the metrics in ms; a clean page fails nothing', () => {
    expect(summarize('Home', '/', { ...result({ performance: 0.954, accessibility: 1 }), environment: { benchmarkIndex: 1613.5 } })).toEqual({
      name: 'Home',
      path: '/',
      performance: 95,
      accessibility: 100,
      lcpMs: 2345.6,
      tbtMs: 140.2,
      cls: 0.0042,
      benchmarkIndex: 1614,
      failing: [],
    });
  });

  it('names the accessibility audits that fail and the performance audits below 0.9, never metrics, hidden or informative ones', () => {
    const summary = summarize(
      'Fabrics',
      '/fabrics',
      result(
        { performance: 0.88, accessibility: 0.93 },
        {
          'heading-order': { title: 'Headings', score: 0, scoreDisplayMode: 'binary' },
          'render-blocking-resources': { title: 'Render blocking', score: 0.5, scoreDisplayMode: 'metricSavings', displayValue: 'Est savings of 150 ms' },
          'unused-javascript': { title: 'Unused JS', score: 0.9, scoreDisplayMode: 'metricSavings' },
        },
      ),
    );
    expect(summary.failing).toEqual(['heading-order', 'render-blocking-resources (Est savings of 150 ms)']);
  });

  it('a page Lighthouse could not load has no scores and names the error once', () => {
    const failed = { ...result({ performance: null, accessibility: null }), runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } };
    const summary = summarize('Cart', '/cart', failed);
    expect(summary).toMatchObject({ performance: null, accessibility: null, failing: ['runtime error NO_FCP'] });
  });
});

describe('the log line of a re-measure', () => {
  it('says the score under the gate, or that Lighthouse gave none and its error, then what the next run gave', () => {
    const notScored = summarize('Cart', '/cart', { ...result({ performance: null, accessibility: null }), runtimeError: { code: 'NO_NAVSTART', message: 'Something went wrong with recording the trace.' } });
    expect(rerunLine(notScored, { ...page(100, 100), path: '/cart' })).toBe('/cart: performance not scored (runtime error NO_NAVSTART), measured again: 100');
    expect(rerunLine(page(84, 100), page(91, 100))).toBe('/: performance 84 under 90, measured again: 91');
    expect(rerunLine(page(84, 100), notScored)).toBe('/: performance 84 under 90, measured again: not scored (runtime error NO_NAVSTART)');
  });
});

describe('the CI gate: accessibility 100 and performance 90 (decisions/0059)', () => {
  it('passes at exactly the thresholds', () => {
    expect(gateFailures(page(90, 100))).toEqual([]);
  });

  it('fails accessibility 99 and performance 74, each with its reason', () => {
    expect(gateFailures(page(89, 100))).toEqual(['/: performance 89 < 90']);
    expect(gateFailures(page(100, 99))).toEqual(['/: accessibility 99 < 100']);
    expect(gateFailures(page(40, 92))).toEqual(['/: accessibility 92 < 100', '/: performance 40 < 90']);
  });

  it('fails a page that was not scored', () => {
    expect(gateFailures(page(null, null))).toEqual(['/: accessibility not scored < 100', '/: performance not scored < 90']);
  });
});

describe('the goal: performance 95, accessibility 100, LCP 2.0 s, TBT 150 ms', () => {
  it('is met at its bounds and missed just past each', () => {
    expect(meetsGoal(page(95, 100, { lcpMs: 2000, tbtMs: 150 }))).toBe(true);
    expect(meetsGoal(page(94, 100))).toBe(false);
    expect(meetsGoal(page(95, 99))).toBe(false);
    expect(meetsGoal(page(95, 100, { lcpMs: 2001 }))).toBe(false);
    expect(meetsGoal(page(95, 100, { tbtMs: 151 }))).toBe(false);
    expect(meetsGoal(page(95, 100, { lcpMs: null }))).toBe(false);
  });
});

describe('markdownReport', () => {
  it('has a row per page, the audits that did not pass and the gate', () => {
    const report = markdownReport(
      [page(96, 100, { lcpMs: 1850, tbtMs: 120, cls: 0.004 }), { ...page(68, 93), name: 'Fabrics', path: '/fabrics', failing: ['heading-order'], benchmarkIndex: null }],
      { date: '2026-11-23', lighthouseVersion: '12.8.2', chromeVersion: '142.0', note: 'Measured on a loaded machine.' },
    );
    expect(report).toContain('| Home (`/`) | 96 | 100 | 1.9 s | 120 ms | 0.004 | yes | 2000 |');
    expect(report).toContain('| Fabrics (`/fabrics`) | 68 | 93 | 1.8 s | 100 ms | 0.000 | no | — |');
    expect(report).toContain('- **Home**: none');
    expect(report).toContain('- **Fabrics**: `heading-order`');
    expect(report).toContain('- /fabrics: accessibility 93 < 100\n- /fabrics: performance 68 < 90');
    expect(report).toContain('Measured on a loaded machine.');
    expect(report).toContain('Lighthouse 12.8.2, mobile preset');
  });

  it('says the gate passed when every page passes', () => {
    expect(markdownReport([page(91, 100)], { date: 'd', lighthouseVersion: 'v', chromeVersion: 'c' })).toContain('## CI gate\n\nPassed on every page.');
  });
});
