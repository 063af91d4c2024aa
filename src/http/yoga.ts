// The GraphQL server: the Pothos schema, the document and rate limits, and masking of unexpected errors.
// /graphql serves it over HTTP; the REST façade runs its operations through getEnveloped.
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Database } from '../db/database.ts';
import { databaseTrouble } from './errors.ts';
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
import { useQueryLimits, type QueryLimits } from './plugins/query-limits.ts';
import { useWellFormedVariables } from './plugins/well-formed-variables.ts';
import type { RateLimits } from './rate-limit/limits.ts';
import type { WebhookSettings } from '../domain/webhooks/settings.ts';
import type { InvitationSettings } from '../domain/organizations/invitations.ts';

// Far above any real query (the dashboard's largest is a few hundred tokens).
const MAX_TOKENS = 2000;

// What one document may ask for (docs/graphql.md). Measured on every dashboard operation and REST route
// (test/graphql-limits.test.ts checks they all pass): the costliest, the dashboard's webhooks page, costs 136;
// the most rows, 100, are one page of notifications or organizations; none uses an alias or a directive, and none
// is deeper than 4 (the deepest path in the schema is 6: it has no cycle today). Cost and rows are about three times
// that, so a client can combine a few reads in one request, while 100 aliased searches of 100 rows are refused.
export const QUERY_LIMITS: QueryLimits = { maxAliases: 10, maxDepth: 8, maxDirectives: 10, maxCost: 400, maxListRows: 300, pageMax: 100 };

/** Per-request values the transports put into the server context. */
export interface RequestContext {
  clientIp: string;
  /** The Authorization header, if any. */
  authorization?: string;
  /** The session cookie, and where Set-Cookie values for the response go. */
  session: SessionCookies;
  /** The REST façade checked the body every variable comes from (src/http/rest/router.ts): it is not walked again. */
  inputChecked?: boolean;
}

/** What the REST façade needs to run its fixed operations without yoga's per-request pipeline (./rest/prepared.ts). */
export interface GraphQLCore {
  schema: GraphQLSchema;
  /** The resolvers' context, built exactly as for /graphql: at once when there is nothing to look up. */
  context(request: RequestContext): Context | Promise<Context>;
  /** Unexpected errors logged and masked, exactly as for /graphql. */
  maskError(error: GraphQLError): GraphQLError;
  rateLimits: RateLimits;
}

export type ClarionYoga = YogaServerInstance<RequestContext, Context> & { core: GraphQLCore };

export interface GraphQLServerOptions {
  database: Database;
  notifications: NotifyDeps;
  webhooks: WebhookSettings;
  devices?: Context['devices'];
  invitations: InvitationSettings;
  loginThrottle?: LoginThrottle;
  /** Browser pages allowed to call with credentials (CORS). */
  dashboardOrigins: string[];
  rateLimits: RateLimits;
  logger: Logger;
  production: boolean;
  /** GRAPHIQL=on. Its page inlines every script and style from the installed package: nothing loads from a CDN. */
  graphiql?: boolean;
}

export function createGraphQLServer({ database, notifications, webhooks, devices = {}, invitations, loginThrottle, dashboardOrigins, rateLimits, logger, production, graphiql = false }: GraphQLServerOptions): ClarionYoga {
  const made = (clientIp: string, session: SessionCookies, caller: Context['caller'], viewer: Context['viewer']): Context => ({
    db: database.prisma,
    sql: database.sql,
    clientIp,
    caller,
    notifications,
    webhooks,
    devices,
    invitations,
    viewer,
    session,
    loginThrottle,
  });
  // A request with no Authorization header and no session cookie (the apps' device routes) has nothing to look up: its
  // context is made at once, without the promises of the lookups (bench/rest counted 37 promises a request before).
  const context = ({ clientIp, authorization, session }: RequestContext): Context | Promise<Context> =>
    authorization === undefined && !session.token
      ? made(clientIp, session, undefined, null)
      : (async () => made(clientIp, session, await callerFrom(database.sql, authorization), await viewerFrom(database.prisma, session)))();
  const maskError = (error: unknown, message = 'Unexpected error.'): Error => {
    if (isExpected(error)) return error as Error;
    const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    const trouble = databaseTrouble(cause);
    if (trouble) {
      logger.warn(trouble.log, { error: cause instanceof Error ? cause.message : String(cause) });
      const at = error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {};
      return new GraphQLError(trouble.message, { ...at, extensions: { code: 'UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': trouble.retryAfter } } } });
    }
    logger.error('unexpected error', { error: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause) });
    const at = error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {};
    return new GraphQLError(message, { ...at, extensions: { code: 'INTERNAL' } });
  };
  const yoga = createYoga<RequestContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: graphiql && { title: 'Clarion GraphQL' },
    // The package is 9 MB of inlined GraphiQL: loaded on the first page asked for, never when GraphiQL is off.
    renderGraphiQL: async (options) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    landingPage: false,
    cors: { origin: dashboardOrigins, credentials: true },
    batching: false,
    context,
    plugins: [useMaxTokens(MAX_TOKENS), useQueryLimits(QUERY_LIMITS, { production }), useWellFormedVariables(), ...rateLimits.plugins],
    logging: {
      debug: (...args) => logger.debug(String(args[0])),
      info: (...args) => logger.info(String(args[0])),
      warn: (...args) => logger.warn(String(args[0])),
      error: (...args) => logger.error(String(args[0])),
    },
    maskedErrors: { maskError },
  });
  return Object.assign(yoga, { core: { schema, context, maskError: (error: GraphQLError) => maskError(error) as GraphQLError, rateLimits } });
}

/** GraphQL errors raised on purpose (ours, validation, the limiter) pass; anything else is a bug and is masked. */
export function isExpected(error: unknown): boolean {
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
