// The running tallies the audience views read instead of counting: live subscribers per topic
// (topic_subscriber_counts) and per platform and UTC day (subscriber_days). Each is a CTE body that the statements
// moving subscriberCount (subscribing, unsubscribing, a token written off or revived) run beside their own count,
// so the tallies cannot drift from the rows they count. Every such statement names the tables in the same order
// (the organization's count, then subscriber_days, then topic_subscriber_counts) and each inserts its rows sorted,
// so two of them wait for each other rather than deadlock.

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

/** Adds `changes` (rows of organization_id, topic, n; one per organization and topic) to the topics' counts. */
export const tallyTopics = (changes: string) =>
  `INSERT INTO topic_subscriber_counts (organization_id, topic, count)
   SELECT c.organization_id, c.topic, c.n FROM (${changes}) c WHERE c.n <> 0 ORDER BY 1, 2
   ON CONFLICT (organization_id, topic) DO UPDATE SET count = topic_subscriber_counts.count + EXCLUDED.count`;

/**
 * Both tallies for devices that became live (sign 1) or dead (-1): `devices` is a CTE of (device_uuid, platform).
 * Every subscription of theirs counts, and every topic of those subscriptions.
 */
export const tallyDevices = (devices: string, sign: 1 | -1) => `
  subscriber_days_tallied AS (${tallySubscriberDays(
    `SELECT s.organization_id, x.platform, ${sign} * count(*)::int AS n FROM subscriptions s JOIN ${devices} x USING (device_uuid) GROUP BY 1, 2`,
  )}),
  topics_tallied AS (${tallyTopics(
    `SELECT t.organization_id, t.topic, ${sign} * count(*)::int AS n FROM subscriptions s JOIN ${devices} x USING (device_uuid)
     JOIN subscription_topics t ON t.organization_id = s.organization_id AND t.device_uuid = s.device_uuid GROUP BY 1, 2`,
  )})`;
