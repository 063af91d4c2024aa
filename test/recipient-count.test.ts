// A broadcast's count of recipients (src/fanout/audience.ts, countRecipients) is the organization's matching
// subscriptions less those of dead devices, and it finds the dead ones through their own partial index
// (devices_dead_idx): it never reads the devices of the whole install, other organizations' included. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/db/sql.ts';
import { countRecipients } from '../src/fanout/audience.ts';
import { backends } from './support/backends.ts';
import { seedAudience, seedOrganization } from './support/seed.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe.each(backends)('the count of recipients on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  beforeAll(async () => {
    storage = await backend.open();
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('counts the live devices, reading only the dead ones of the devices table, by their index', async () => {
    const { sql } = storage.database;
    // Another organization with ten times the devices, a tenth of them dead: none of them is read.
    const other = await seedOrganization(storage.database.prisma);
    await seedAudience(sql, other.id, 2000);
    await sql.query(`UPDATE devices SET token_invalidated_at = now() WHERE device_uuid IN (SELECT device_uuid FROM subscriptions WHERE organization_id = $1 LIMIT 200)`, [other.id]);
    const org = await seedOrganization(storage.database.prisma);
    await seedAudience(sql, org.id, 200);
    await sql.query(`UPDATE devices SET token_invalidated_at = now() WHERE device_uuid IN (SELECT device_uuid FROM subscriptions WHERE organization_id = $1 ORDER BY device_uuid LIMIT 15)`, [org.id]);
    await sql.query(`ANALYZE devices`);
    await sql.query(`ANALYZE subscriptions`);

    const statements: { text: string; params: unknown[] }[] = [];
    const recording: SqlClient = { query: (text, params, options) => (statements.push({ text, params: params ?? [] }), sql.query(text, params, options)) };
    expect(await countRecipients(recording, org.id, { body: 'x', target: 'all' })).toBe(185);
    expect(await countRecipients(recording, other.id, { body: 'x', target: 'all' })).toBe(1800);

    const [count] = statements;
    const [explained] = await sql.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${count!.text}`, count!.params);
    // devices is read once, by the dead devices' index (an index-only scan once vacuumed, a bitmap scan before).
    const nodes = nodesOf(explained!['QUERY PLAN'][0].Plan);
    expect(nodes.filter((node) => node['Relation Name'] === 'devices').map((node) => node['Node Type'])).toEqual([expect.stringMatching(/^(Index Only Scan|Index Scan|Bitmap Heap Scan)$/)]);
    expect(nodes.flatMap((node) => (node['Index Name']?.startsWith('devices') ? [node['Index Name']] : []))).toEqual(['devices_dead_idx']);
  });
});
