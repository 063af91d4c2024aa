// The GraphQL server: the Pothos schema, the rate limits, and masking of unexpected errors.
// /graphql serves it over HTTP; the REST façade runs its operations through getEnveloped.
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Database } from '../db/database.ts';
import type { LoginThrottle } from '../domain/accounts/login-throttle.ts';
import type { NotifyDeps } from '../domain/broadcasts/service.ts';
import { callerFrom } from './bearer.ts';
import type { SessionCookies } from './session-cookie.ts';
import { validateSession } from '../domain/accounts/sessions.ts';
import type { Db } from '../db/database.ts';
import type { Context } from '../graphql/context.ts';
import { schema } from '../graphql/schema.ts';
import type { Logger } from '../logger.ts';
import { useMaxTokens } from './plugins/max-tokens.ts';
import type { RateLimits } from './rate-limit/limits.ts';

// Far above any real query (the dashboard's largest is a few hundred tokens).
const MAX_TOKENS = 2000;

/** Per-request values the transports put into the server context. */
export interface RequestContext {
  clientIp: string;
  /** The Authorization header, if any. */
  authorization?: string;
  /** The session cookie, and where Set-Cookie values for the response go. */
  session: SessionCookies;
}

export type ClarionYoga = YogaServerInstance<RequestContext, Context>;

export interface GraphQLServerOptions {
  database: Database;
  notifications: NotifyDeps;
  loginThrottle?: LoginThrottle;
  /** Browser pages allowed to call with credentials (CORS). */
  dashboardOrigins: string[];
  rateLimits: RateLimits;
  logger: Logger;
  production: boolean;
}

export function createGraphQLServer({ database, notifications, loginThrottle, dashboardOrigins, rateLimits, logger, production }: GraphQLServerOptions): ClarionYoga {
  return createYoga<RequestContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !production && { title: 'Clarion GraphQL' },
    landingPage: false,
    cors: { origin: dashboardOrigins, credentials: true },
    batching: false,
    context: async ({ clientIp, authorization, session }) => ({
      db: database.prisma,
      sql: database.sql,
      clientIp,
      caller: await callerFrom(database.prisma, authorization),
      notifications,
      viewer: await viewerFrom(database.prisma, session),
      session,
      loginThrottle,
    }),
    plugins: [useMaxTokens(MAX_TOKENS), ...rateLimits.plugins],
    logging: {
      debug: (...args) => logger.debug(String(args[0])),
      info: (...args) => logger.info(String(args[0])),
      warn: (...args) => logger.warn(String(args[0])),
      error: (...args) => logger.error(String(args[0])),
    },
    maskedErrors: {
      maskError: (error, message) => {
        if (isExpected(error)) return error as Error;
        const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
        logger.error('unexpected error', { error: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause) });
        const at = error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {};
        return new GraphQLError(message, { ...at, extensions: { code: 'INTERNAL' } });
      },
    },
  });
}

/** GraphQL errors raised on purpose (ours, validation, the limiter) pass; anything else is a bug and is masked. */
function isExpected(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError == null || isExpected(error.originalError);
}

/** The session's user; a session used in its second half is extended and its cookie follows. */
async function viewerFrom(db: Db, session: SessionCookies) {
  if (!session.token) return null;
  const valid = await validateSession(db, session.token);
  if (!valid) return null;
  if (valid.renewedUntil) session.set(session.token, valid.renewedUntil);
  return valid.user;
}
