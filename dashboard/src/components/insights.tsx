// The overview's last 30 days (organizationInsights, one row per UTC day): today's numbers and the month's totals as
// text, a chart per measure (./daily-chart.tsx), and the days as a table for anyone the canvas does not serve.
import { lazy, Suspense } from 'react';
import { useQuery } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import type { OrganizationInsightsQuery } from '../generated/graphql.ts';
import { ChartFrame } from './chart-frame.tsx';
import { ErrorNote, Loading } from './ui.tsx';

// uPlot is loaded with the first chart, in a chunk of its own: the other pages do not carry it.
const DailyChart = lazy(() => import('./daily-chart.tsx').then(({ DailyChart }) => ({ default: DailyChart })));

const InsightsDocument = graphql(`
  query OrganizationInsights($organizationId: ID!, $days: Int) {
    organizationInsights(organizationId: $organizationId, days: $days) { days { date subscribers broadcasts sent failed failures opened } }
  }
`);

type Day = OrganizationInsightsQuery['organizationInsights']['days'][number];

const DAYS = 30;

/** The measures, in the order the summary, the charts and the table show them. */
const MEASURES = [
  { key: 'subscribers', title: 'Subscribers', label: 'subscribers at the end of each day', color: '#2456d6' },
  { key: 'sent', title: 'Delivered', label: 'pushes delivered each day', color: '#137a3b' },
  { key: 'failed', title: 'Failed', label: 'pushes failed each day', color: '#b42318' },
  { key: 'opened', title: 'Opened', label: 'opens reported each day', color: '#7c3aed' },
] as const;

const count = (n: number) => n.toLocaleString('en');
const sum = (days: Day[], key: 'sent' | 'failed' | 'opened' | 'broadcasts') => days.reduce((total, day) => total + day[key], 0);
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');
const dayName = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The month's failures by reason, most first, added up from the days'. */
function failureReasons(days: Day[]) {
  const reasons = new Map<string, number>();
  for (const day of days) for (const [reason, n] of Object.entries((day.failures ?? {}) as Record<string, number>)) reasons.set(reason, (reasons.get(reason) ?? 0) + n);
  return [...reasons].sort((a, b) => b[1] - a[1]);
}

export function Insights({ orgId }: { orgId: string }) {
  const insights = useQuery(InsightsDocument, { organizationId: orgId, days: DAYS });
  const days = insights.data?.organizationInsights.days;
  return (
    <section className="card" aria-labelledby="insights-heading">
      <h2 id="insights-heading">Last {DAYS} days</h2>
      {!days ? insights.error ? <ErrorNote error={insights.error} /> : <Loading what="Loading the last 30 days" /> : <Month days={days} />}
    </section>
  );
}

function Month({ days }: { days: Day[] }) {
  const today = days[days.length - 1];
  if (!today) return null;
  const [sent, failed, opened, broadcasts] = [sum(days, 'sent'), sum(days, 'failed'), sum(days, 'opened'), sum(days, 'broadcasts')];
  const reasons = failureReasons(days);
  const dates = days.map((day) => day.date);
  const span = `${dayName(dates[0]!)} to ${dayName(today.date)}`;
  const summaryOf = (key: (typeof MEASURES)[number]['key']) => (key === 'subscribers' ? `${count(today.subscribers)} now` : `${count(sum(days, key))} in ${DAYS} days`);
  return (
    <>
      <h3 className="small-heading">Today so far (UTC)</h3>
      <ul className="platform-stats" aria-label="Today so far">
        {MEASURES.map(({ key, title }) => (
          <li className="stat" key={key}>
            <span className="stat-value" data-testid={`today-${key}`}>{count(today[key])}</span>
            <span className="stat-label">{title.toLowerCase()}</span>
          </li>
        ))}
      </ul>
      <p data-testid="month-summary">
        In {DAYS} days: {count(broadcasts)} {broadcasts === 1 ? 'broadcast' : 'broadcasts'}, {count(sent)} delivered, {count(failed)} failed ({percent(failed, sent + failed)} of pushes), {count(opened)} opened (
        {percent(opened, sent)} of delivered).
        {reasons.length > 0 && <> Failures by reason: {reasons.slice(0, 3).map(([reason, n]) => `${reason} ${count(n)}`).join(', ')}{reasons.length > 3 ? ', …' : ''}.</>}
      </p>
      {/* Until uPlot's chunk has loaded, the charts' frames hold their place (./chart-frame.tsx). */}
      <Suspense
        fallback={
          <div className="charts" aria-busy="true">
            {MEASURES.map(({ key, title, color }, i) => (
              <ChartFrame key={key} title={title} summary={summaryOf(key)} color={color} label={title}>
                <div className="chart-plot">{i === 0 && <Loading what="Drawing the charts" />}</div>
              </ChartFrame>
            ))}
          </div>
        }
      >
        <div className="charts">
          {MEASURES.map(({ key, title, label, color }) => (
            <DailyChart
              key={key}
              title={title}
              label={`${title}: ${label}, ${span}`}
              summary={summaryOf(key)}
              dates={dates}
              series={{ label: title, color, values: days.map((day) => day[key]) }}
            />
          ))}
        </div>
      </Suspense>
      <details>
        <summary>Day by day</summary>
        <div className="table-wrap">
          <table aria-label="Day by day">
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {MEASURES.map(({ key, title }) => <th scope="col" key={key}>{title}</th>)}
                <th scope="col">Broadcasts</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  {MEASURES.map(({ key }) => <td key={key}>{count(day[key])}</td>)}
                  <td>{count(day.broadcasts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
