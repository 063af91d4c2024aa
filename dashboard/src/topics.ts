// Topics (a newspaper's "sports", a school's "class-4b"): the organization's known ones with their followers, and
// the server's rule for a topic (src/domain/subscriptions/topics.ts), so the composer refuses a bad one as it is typed.
import { graphql } from './generated/gql.ts';

export const TopicsDocument = graphql(`
  query OrganizationTopics($organizationId: ID!) { organizationTopics(organizationId: $organizationId) { topic subscribers } }
`);

export const TOPIC = /^[A-Za-z0-9_.~-]{1,64}$/;
/** The most topics one broadcast names. */
export const MAX_TOPICS = 32;
export const TOPIC_RULE = 'A topic is 1 to 64 characters of A-Z, a-z, 0-9, “_”, “.”, “~” and “-” (case-sensitive).';

/** Why `topic` cannot be added to `chosen`; undefined when it can. */
export function topicProblem(topic: string, chosen: readonly string[]): string | undefined {
  if (!TOPIC.test(topic)) return TOPIC_RULE;
  if (!chosen.includes(topic) && chosen.length >= MAX_TOPICS) return `A notification names at most ${MAX_TOPICS} topics.`;
  return undefined;
}
