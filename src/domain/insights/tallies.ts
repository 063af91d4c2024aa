// The running tallies the audience views read instead of counting.
// - Live subscribers per platform and UTC day (subscriber_days): a CTE body that the statements moving
//   subscriberCount (subscribing, unsubscribing, a token written off or revived) run beside that count, so the two
//   move together. Each inserts its rows sorted, so two such statements wait for each other rather than deadlock.
// - Live subscribers per topic (topic_subscriber_counts): kept by triggers (the migration
//   20261125041135_audience_insights), one on subscription_topics for each row added or removed (a foreign key's
//   cascade included) and one on devices for a token written off or revived. A trigger's queries see what is
//   committed when they run, and each takes the device's row lock first, so a topic change and a liveness change
//   of the same device at the same time are counted one after the other, never from two old snapshots.

/** Today, in UTC: the day a change is counted on. */
export const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** The row of subscriber_days that holds the count now (the sum of every day's change). */
export const NOW_ROW = '9999-12-31';

/**
 * Adds `changes` (rows of organization_id, platform, n; one per organization and platform) to today's row and to the
 * count now.
 */
export const tallySubscriberDays = (changes: string) =>
  `INSERT INTO subscriber_days (organization_id, platform, day, delta)
   SELECT c.organization_id, c.platform, x.day, c.n FROM (${changes}) c CROSS JOIN (VALUES (${TODAY}), (DATE '${NOW_ROW}')) x(day)
   WHERE c.n <> 0 ORDER BY 1, 3, 2
   ON CONFLICT (organization_id, day, platform) DO UPDATE SET delta = subscriber_days.delta + EXCLUDED.delta`;

/**
 * The days' tally for devices that became live (sign 1) or dead (-1): `devices` is a CTE of (device_uuid, platform).
 * Every subscription of theirs counts. (Their topics' counts follow by a trigger on devices: see the migration.)
 */
export const tallyDevices = (devices: string, sign: 1 | -1) => `
  subscriber_days_tallied AS (${tallySubscriberDays(
    `SELECT s.organization_id, x.platform, ${sign} * count(*)::int AS n FROM subscriptions s JOIN ${devices} x USING (device_uuid) GROUP BY 1, 2`,
  )})`;
