// How long one page of the fan-out's recipient query takes, and with which join, at a few positions of the
// cursor: the query is Clarion's own (pageQuery in src/fanout/audience.ts), run with
// EXPLAIN ANALYZE on the benchmark's database after the broadcast. A page that gets slower as the cursor
// advances makes a broadcast quadratic in its audience.
//   node --import tsx bench/broadcast/explain-page.ts <database-url> <organization-id> <page-size> <fraction>...
// Prints one line per fraction: "<function> at <fraction>: <ms> ms, <rows> rows, <plan summary>".
import pg from 'pg';
import { NIL_UUID, pageQuery } from '../../src/fanout/audience.ts';

const pageQueryName = 'pageQuery';

const [databaseUrl, organizationId, pageSizeText, ...fractions] = process.argv.slice(2);
if (!databaseUrl || !organizationId || !pageSizeText || !fractions.length) {
  console.error('usage: explain-page.ts <database-url> <organization-id> <page-size> <fraction>...');
  process.exit(2);
}
const pageSize = Number(pageSizeText);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  await client.query("SET statement_timeout = '60s'");
  const { rows: countRows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions WHERE organization_id = $1', [organizationId]);
  const total = countRows[0]?.n ?? 0;
  for (const fraction of fractions.map(Number)) {
    const offset = Math.floor(total * fraction);
    let cursor: string | null = null;
    if (offset > 0) {
      const { rows } = await client.query<{ device_uuid: string }>(
        'SELECT device_uuid::text FROM subscriptions WHERE organization_id = $1 ORDER BY device_uuid OFFSET $2 LIMIT 1',
        [organizationId, offset - 1],
      );
      cursor = rows[0]?.device_uuid ?? null;
    }
    const [text, params] = pageQuery(organizationId, { target: 'all', body: 'explain' }, { after: NIL_UUID, until: null }, cursor, pageSize);
    // Twice: the first run warms the cache the broadcast had warmed too; the second is reported.
    await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    const plan = rows[0]!['QUERY PLAN'][0];
    console.log(`${pageQueryName} at ${fraction}: ${plan['Execution Time'].toFixed(1)} ms, ${plan.Plan['Actual Rows']} rows, ${summary(plan.Plan)}`);
  }
} finally {
  await client.end();
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** The join and what each scan under it read, e.g. "Merge Join [Index Scan devices_pkey: 765000 rows; ...]". */
function summary(node: PlanNode): string {
  if (/Join|Nested Loop/.test(node['Node Type'])) {
    return `${node['Node Type']} [${(node.Plans ?? []).map(summary).join('; ')}]`;
  }
  if (/Scan/.test(node['Node Type'])) {
    return `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}: ${node['Actual Rows'] * node['Actual Loops']} rows`;
  }
  return (node.Plans ?? []).map(summary).join('; ') || node['Node Type'];
}
