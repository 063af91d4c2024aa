// One number per UTC day as a line on a canvas, drawn by uPlot. uPlot rather than Chart.js or Recharts: about 50 kB
// minified (21 kB gzipped) with no dependencies, where Chart.js is several times that and Recharts larger still with
// its D3 and lodash modules; it draws hundreds of thousands of points in tens of milliseconds, so a month is nothing;
// it is maintained (1.6.x releases continue); and it draws only the canvas, so the caption, the legend and the
// numbers around it are ordinary HTML that reads without it (docs/dashboard.md#charts).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ChartFrame } from './chart-frame.tsx';

export interface DailySeries {
  label: string;
  color: string;
  /** One value per date, in the same order. */
  values: number[];
}

const HEIGHT = 180;
const INK = '#5f6879';
const GRID = '#e6e9ef';
/** Whole-number steps for the value axis: counts have no halves. */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].flatMap((step) => [1, 1e3, 1e6, 1e9].map((scale) => step * scale)).sort((a, b) => a - b);
const count = (value: number) => Math.round(value).toLocaleString('en');

/** Unix seconds of "YYYY-MM-DD" at 00:00 UTC, uPlot's x values. */
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

function optionsFor(series: DailySeries, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // The days are UTC days: the axis says so rather than shifting them into the browser's time zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
    axes: [
      { stroke: INK, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } },
      { stroke: INK, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, incrs: STEPS, values: (_plot, splits) => splits.map(count), size: 48 },
    ],
    series: [{}, { label: series.label, stroke: series.color, width: 2, fill: `${series.color}1f`, points: { show: true, size: 4, fill: series.color } }],
  };
}

/**
 * A captioned chart of `series` over `dates` ("YYYY-MM-DD", oldest first). `label` names the canvas; the caption
 * (title and `summary`) is visible text, and the legend's swatch ties the line's colour to its name.
 */
export function DailyChart({ title, label, summary, dates, series }: { title: string; label: string; summary: string; dates: string[]; series: DailySeries }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const data = JSON.stringify([dates, series.values]);
  useEffect(() => {
    const container = plotRef.current;
    if (!container) return;
    const [days, values] = JSON.parse(data) as [string[], number[]];
    const width = () => Math.max(200, container.clientWidth);
    const plot = new uPlot(optionsFor(series, width()), [days.map(secondsOf), values], container);
    // The canvas is the chart's image: it carries the chart's name for screen readers.
    plot.ctx.canvas.setAttribute('role', 'img');
    plot.ctx.canvas.setAttribute('aria-label', label);
    // The grid's columns decide the width, which changes with the window.
    const resized = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resized.observe(container);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [data, label, series.color, series.label]);
  return (
    <ChartFrame title={title} summary={summary} color={series.color} label={series.label}>
      <div ref={plotRef} className="chart-plot" />
    </ChartFrame>
  );
}
