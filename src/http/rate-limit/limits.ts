// The request limits, enforced by @envelop/rate-limiter on GraphQL fields, so /graphql and the /v1
// routes that run those fields share one budget. This module adds what HTTP clients need on top:
// a stable RATE_LIMITED code, Retry-After in seconds, and RateLimit-* headers.
import { useRateLimiter } from '@envelop/rate-limiter';
import { getGraphQLRateLimiter } from '@envelop/rate-limiter/get-graphql-rate-limiter';
import type { Plugin } from '@envelop/core';
import { BREAK, GraphQLError, visit, type DocumentNode } from 'graphql';
import type { Context } from '../../graphql/context.ts';
import { rateLimitIdentity } from '../client-ip.ts';
import { useCoercedVariables } from '../plugins/coerce-variables.ts';
import type { HitStore } from './hit-store.ts';
import { countRateLimitRefusal } from '../../metrics/rate-limits.ts';

export interface FieldLimit {
  type: 'Query' | 'Mutation';
  field: string;
  /** Requests per window; the window is the store's. */
  max: number;
  /** Who has a budget: each client IP, each API key, or each signed-in user (callers without one count by IP). */
  by: 'ip' | 'apiKey' | 'user';
}

export interface RateLimits {
  plugins: Plugin[];
  /** RateLimit-* headers for a field, from this process's view of the caller's window. */
  headers(field: string, context: Context): Record<string, string>;
  /**
   * Counts one call of a root field, as the plugin does, with the library's own limiter function on the same store
   * and keys: the REST façade's prepared operations (../rest/prepared.ts) and /graphql share one budget. The
   * RATE_LIMITED error when the caller is over its limit, else null.
   */
  check(field: string, context: Context): Promise<GraphQLError | null>;
  /** Whether a root field has a limit here: calls of the others are not counted. */
  limited(field: string): boolean;
}

const EVERYONE = 'all';
const byIp = (context: Context) => `ip:${rateLimitIdentity(context.clientIp)}`;
const byApiKey = (context: Context) => (context.caller?.ok ? `key:${context.caller.value.apiKey.id}` : byIp(context));
const byUser = (context: Context) => (context.viewer ? `user:${context.viewer.id}` : byIp(context));
const IDENTIFY = { ip: byIp, apiKey: byApiKey, user: byUser } as const;
const WHO = { ip: 'client IP', apiKey: 'API key', user: 'user' } as const;

export function createRateLimits(store: HitStore, windowMs: number, limits: FieldLimit[]): RateLimits {
  const byField = new Map(limits.map((limit) => [limit.field, limit]));

  function headers(field: string, context: Context, limited = false): Record<string, string> {
    const limit = byField.get(field);
    if (!limit) return {};
    const now = Date.now();
    const identify = IDENTIFY[limit.by];
    const hits = store.recent({ contextIdentity: EVERYONE, fieldIdentity: `${field}:${identify(context)}` }, now);
    const used = Math.min(hits.length, limit.max);
    // The oldest hit that keeps the caller at its limit decides when a request is allowed again.
    const freedAt = hits.length >= limit.max ? hits[hits.length - limit.max]! + windowMs : (hits[0] ?? now) + windowMs;
    const seconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
    return {
      'RateLimit-Limit': String(limit.max),
      'RateLimit-Remaining': String(limited ? 0 : limit.max - used),
      'RateLimit-Reset': String(seconds),
      'RateLimit-Policy': `${limit.max};w=${Math.round(windowMs / 1000)}`,
      ...(limited && { 'Retry-After': String(seconds) }),
    };
  }

  /** The RATE_LIMITED error for a field; `error` is the limiter's own, for its message when the field has no limit here. */
  function refusal(field: string, context: Context, error?: GraphQLError): GraphQLError {
    const limit = byField.get(field);
    countRateLimitRefusal(limit ? field : 'other');
    const who = WHO[limit?.by ?? 'ip'];
    const message = limit ? `Too many requests: ${field} allows ${limit.max} per ${Math.round(windowMs / 1000)} seconds per ${who}` : (error?.message ?? 'Too many requests');
    return new GraphQLError(message, {
      nodes: error?.nodes,
      path: error?.path,
      extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: headers(field, context, true) } },
    });
  }

  // Registered before the limiter, so its onExecuteDone sees the limiter's early result.
  const useRateLimitedCode: Plugin = {
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          if (!('errors' in result) || !result.errors?.some(isLimiterError)) return;
          const context = args.contextValue as Context;
          setResult({
            ...result,
            errors: result.errors.map((error) => {
              if (!isLimiterError(error)) return error;
              const field = error.nodes?.[0]?.kind === 'Field' ? error.nodes[0].name.value : '';
              return refusal(field, context, error);
            }),
          });
        },
      };
    },
  };

  const configByField = limits.map(({ type, field, max, by }) => ({
    type,
    field,
    max,
    window: `${windowMs}ms`,
    identifyFn: (context: unknown) => IDENTIFY[by](context as Context),
  }));
  const limiter = useRateLimiter({
    // The whole identity is per field (the library appends it to the field's key), so one API key has
    // one budget whichever address it calls from.
    identifyFn: () => EVERYONE,
    store,
    configByField,
  }) as Plugin;

  // What the plugin does per limited field: the identity is an argument named `identifier` (../index.js of the library).
  const limitField = getGraphQLRateLimiter({ identifyContext: () => EVERYONE, store });
  async function check(field: string, context: Context): Promise<GraphQLError | null> {
    const config = configByField.find((candidate) => candidate.field === field);
    if (!config) return null;
    const refused = await limitField(field, { args: { identifier: config.identifyFn(context) }, context }, { ...config, identityArgs: ['identifier'] });
    return refused ? refusal(field, context) : null;
  }

  const asksLimited = namesAnyOf(new Set(byField.keys()));
  // Variables are checked for every document, so a bad one is answered alike whether or not it names a limited field.
  const plugins = [onlyWhen(asksLimited, useRateLimitedCode), useCoercedVariables(), onlyWhen(asksLimited, limiter)];
  return { plugins: limits.length ? plugins : [], headers, check, limited: (field) => byField.has(field) };
}

/**
 * The limiter walks every document it is given with type information, on every execution: a tenth of the
 * REST façade's CPU for a registration when no limit applies (bench/rest). Whether a document names a limited
 * field at all is known once per document (the façade's are fixed, yoga's parser cache keeps /graphql's), by
 * name in any selection or fragment, so nothing that the limiter would count is skipped.
 */
export function namesAnyOf(fields: Set<string>) {
  const verdicts = new WeakMap<DocumentNode, boolean>();
  return (document: DocumentNode) => {
    let verdict = verdicts.get(document);
    if (verdict === undefined) {
      verdict = false;
      visit(document, {
        Field(node) {
          if (!fields.has(node.name.value)) return undefined;
          verdict = true;
          return BREAK;
        },
      });
      verdicts.set(document, verdict);
    }
    return verdict;
  };
}

function onlyWhen(applies: (document: DocumentNode) => boolean, plugin: Plugin): Plugin {
  const { onExecute } = plugin;
  if (!onExecute) return plugin;
  return { ...plugin, onExecute: (payload) => (applies(payload.args.document) ? onExecute(payload) : undefined) };
}

function isLimiterError(error: GraphQLError) {
  const http = error.extensions?.http as { statusCode?: number } | undefined;
  return http?.statusCode === 429;
}
