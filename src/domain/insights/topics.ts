// GET /v1/topics: the organization's topics with their live subscribers, read from the tallies (./tallies.ts).
import type { SqlClient } from '../../db/sql.ts';

export interface TopicCount {
  topic: string;
  subscribers: number;
}

/**
 * The most listed: subscribing needs no key, so anyone holding devices can make up topics; the list stays bounded and
 * the organization's real topics, followed most, come first.
 */
export const MAX_LISTED_TOPICS = 1000;

/** Topics followed by at least one live subscriber, the most followed first (MAX_LISTED_TOPICS of them). */
export async function listTopics(sql: SqlClient, organizationId: string): Promise<TopicCount[]> {
  return sql.query<TopicCount>(
    `SELECT topic, count AS subscribers FROM topic_subscriber_counts WHERE organization_id = $1 AND count > 0 ORDER BY count DESC, topic COLLATE "C" LIMIT $2`,
    [organizationId, MAX_LISTED_TOPICS],
  );
}
