// A chart's frame: its caption, the plot's place and its legend. The chart (./daily-chart.tsx, with uPlot in a chunk of
// its own) and the placeholder shown while that chunk loads draw the same frame, so the page does not move when the
// chart arrives: everything below the charts (an organization's members and its Invite button) stays where it was.
import { useId, type ReactNode } from 'react';

export function ChartFrame({ title, summary, color, label, children }: { title: string; summary: string; color: string; label: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        <span className="chart-title">{title}</span> <span className="muted small">{summary}</span>
      </figcaption>
      {children}
      <p className="chart-legend small">
        <span className="chart-swatch" style={{ background: color }} aria-hidden="true" /> {label}, per UTC day
      </p>
    </figure>
  );
}
