import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only what bar charts need: Chart.js is tree-shaken to these pieces (docs/decisions/0034).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const MAROON = '#7a1f2b';

/**
 * One bar chart on a canvas. The canvas is an image to screen readers (`summary`); the numbers
 * themselves are in the table beside it. Chart.js styles the canvas through the CSSOM, which the CSP
 * (style-src 'self') allows, and injects no <style>.
 */
export function BarChart({
  labels,
  values,
  summary,
  horizontal = false,
  format = String,
}: {
  labels: string[];
  values: number[];
  summary: string;
  horizontal?: boolean;
  format?: (value: number) => string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    // No 2D context (an old browser, or a test's jsdom): the table says it all.
    if (!canvas?.getContext('2d')) return;
    const valueAxis = horizontal ? 'x' : 'y';
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels, datasets: [{ data: values, backgroundColor: MAROON, borderRadius: 4 }] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { [valueAxis]: { beginAtZero: true, ticks: { callback: (value: string | number) => format(Number(value)) } } },
        plugins: { tooltip: { callbacks: { label: (item) => format(Number(item.parsed[valueAxis])) } } },
      },
    });
    return () => chart.destroy();
  }, [labels, values, horizontal, format]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={ref} role="img" aria-label={summary} />
    </div>
  );
}
