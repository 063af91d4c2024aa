// The REST façade's machinery: match a route, turn the request into GraphQL variables, run the route's
// operation as planned when the server started (./prepared.ts: the same context, limits and masking as
// /graphql), and turn the result into a status and a JSON body. The rules themselves live in the resolvers and the domain.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { GraphQLError } from 'graphql';
import { attempt } from '../../attempt.ts';
import type { DomainError } from '../../domain/errors.ts';
import { fieldsIssue } from '../../domain/validate.ts';
import { readJsonObject, readOptionalJsonObject } from '../body.ts';
import { errorReply, HttpError, isErrorCode, jsonReply } from '../errors.ts';
import { reply, type Incoming, type Reply } from '../exchange.ts';
import type { RateLimits } from '../rate-limit/limits.ts';
import type { Observed } from '../request-id.ts';
import { QUERY_LIMITS, type ClarionYoga, type RequestContext } from '../yoga.ts';
import { queryLimitRules } from '../plugins/query-limits.ts';
import { prepareOperation, rootFieldsOf, type PreparedOperation } from './prepared.ts';

export interface RouteInput {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: { get(name: string): string | null };
}

export interface RestRoute<Data = any, Variables = any> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A path with `:name` segments. */
  path: string;
  operation: TypedDocumentNode<Data, Variables>;
  /**
   * A route of the apps' (no API key, no cookie): web pages on any origin may call it (CORS, without credentials),
   * as a web app registers its browser's subscription. Routes with an API key never are: a key stays on servers.
   */
  cors?: boolean;
  /** Whether the route takes a JSON body; 'optional': an empty body stands for {}. */
  body?: boolean | 'optional';
  variables(input: RouteInput): Variables;
  respond(data: Data): { status: number; body?: unknown; headers?: Record<string, string> };
}

/** Declares a route with its types tied to its operation. */
export const route = <Data, Variables>(definition: RestRoute<Data, Variables>) => definition;

interface CompiledRoute extends RestRoute {
  pattern: RegExp;
  names: string[];
  run: PreparedOperation;
  rootFields: string[];
}

function compile(routeDef: RestRoute, yoga: ClarionYoga): CompiledRoute {
  let run: PreparedOperation;
  try {
    run = prepareOperation(yoga.core, routeDef.operation, queryLimitRules(QUERY_LIMITS));
  } catch (error) {
    throw new Error(`REST route ${routeDef.method} ${routeDef.path}: ${(error as Error).message}`);
  }
  const names: string[] = [];
  const source = routeDef.path.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'));
  return { ...routeDef, pattern: new RegExp(`^${source}/?$`), names, run, rootFields: rootFieldsOf(routeDef.operation) };
}

const TYPE_NAMES: Record<string, string> = { String: 'a string', ID: 'a string', Int: 'an integer', Boolean: 'true or false', Float: 'a number' };

/** GraphQL's variable coercion errors, said in terms of the REST field. */
function variableError(error: GraphQLError): DomainError | undefined {
  const match = /^Variable "\$(\w+)"/.exec(error.message);
  if (!match) return undefined;
  const field = match[1]!;
  if (/was not provided|must not be null|not to be null/.test(error.message)) return { code: 'VALIDATION_FAILED', message: `${field} is required`, field };
  const type = /(\w+) cannot represent/.exec(error.message)?.[1] ?? /type "(\w+)!?"/.exec(error.message)?.[1];
  return { code: 'VALIDATION_FAILED', message: `${field} must be ${(type && TYPE_NAMES[type]) ?? 'of the right type'}`, field };
}

function errorFromResult(error: GraphQLError): { error: DomainError; headers: Record<string, string> } {
  const { code, field, http } = (error.extensions ?? {}) as { code?: unknown; field?: string; http?: { headers?: Record<string, string> } };
  if (isErrorCode(code)) {
    const body: DomainError = field ? { code, message: error.message, field } : { code, message: error.message };
    const challenge: Record<string, string> = code === 'UNAUTHENTICATED' ? { 'WWW-Authenticate': 'Bearer realm="clarion"' } : {};
    return { error: body, headers: { ...challenge, ...(http?.headers ?? {}) } };
  }
  return { error: variableError(error) ?? { code: 'INTERNAL', message: 'Unexpected error.' }, headers: {} };
}

export function createRestRouter({ yoga, routes, rateLimits, maxBodyBytes }: { yoga: ClarionYoga; routes: RestRoute[]; rateLimits: RateLimits; maxBodyBytes: number }) {
  const compiled = routes.map((r) => compile(r, yoga));

  function match(method: string, pathname: string) {
    const allowed = new Set<string>();
    for (const candidate of compiled) {
      const found = candidate.pattern.exec(pathname);
      if (!found) continue;
      if (candidate.method !== method) {
        allowed.add(candidate.method);
        continue;
      }
      const params = Object.fromEntries(candidate.names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
      return { route: candidate, params };
    }
    if (allowed.size) {
      throw new HttpError({ code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed on ${pathname}` }, { Allow: [...allowed].join(', ') });
    }
    throw new HttpError({ code: 'NOT_FOUND', message: `no route for ${method} ${pathname}` });
  }

  async function run(request: Incoming, requestContext: RequestContext, observed?: Observed): Promise<Reply> {
    const { url } = request;
    const { route: matched, params } = match(request.method, url.pathname);
    if (observed) observed.route = matched.path;
    const body = matched.body === 'optional' ? await readOptionalJsonObject(request, maxBodyBytes) : matched.body ? await readJsonObject(request, maxBodyBytes) : {};
    // Text no database can hold (a lone surrogate) or nesting without end is refused here, naming the field.
    const issue = fieldsIssue(body);
    if (issue) throw new HttpError({ code: 'VALIDATION_FAILED', message: issue.message, field: issue.field });
    // A field the body left out is no variable at all (undefined is no GraphQL value: the rate limiter refuses it).
    const variableValues = Object.fromEntries(Object.entries(matched.variables({ params, query: url.searchParams, body, headers: { get: request.header } })).filter(([, value]) => value !== undefined));
    const { result, context: contextValue } = await matched.run({ ...requestContext, inputChecked: true }, variableValues);
    const limitHeaders = Object.assign({}, ...matched.rootFields.map((field) => rateLimits.headers(field, contextValue)));
    if (result.errors?.length) {
      const { error, headers } = errorFromResult(result.errors[0]!);
      return errorReply(error, { ...limitHeaders, ...headers });
    }
    const { status, body: responseBody, headers } = matched.respond(result.data);
    return responseBody === undefined ? reply(status, null, { ...limitHeaders, ...headers }) : jsonReply(status, responseBody, { ...limitHeaders, ...headers });
  }

  /** A browser's preflight for an apps' route: which methods and headers a page on any origin may use. */
  function preflight(url: URL, observed?: Observed): Reply {
    const open = compiled.filter((candidate) => candidate.cors && candidate.pattern.test(url.pathname));
    if (!open.length) {
      const any = compiled.some((candidate) => candidate.pattern.test(url.pathname));
      if (!any) throw new HttpError({ code: 'NOT_FOUND', message: `no route for OPTIONS ${url.pathname}` });
      throw new HttpError({ code: 'METHOD_NOT_ALLOWED', message: `${url.pathname} is for servers with an API key, not for web pages` }, { Allow: [...new Set(compiled.filter((c) => c.pattern.test(url.pathname)).map((c) => c.method))].join(', ') });
    }
    if (observed) observed.route = open[0]!.path;
    return reply(204, null, {
      ...CORS,
      'access-control-allow-methods': open.map((candidate) => candidate.method).join(', '),
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '86400',
    });
  }

  const withCors = (answer: Reply, url: URL) => {
    if (compiled.some((candidate) => candidate.cors && candidate.pattern.test(url.pathname))) Object.assign(answer.headers, CORS);
    return answer;
  };

  return {
    /** Never throws: whatever goes wrong is the promise's (a `then` on the route's run, not an async function awaiting it). */
    handle(request: Incoming, requestContext: RequestContext, observed?: Observed): Promise<Reply> {
      const answered = (answer: Reply) => withCors(answer, request.url);
      const refused = (error: unknown) => withCors(refusal(error, request), request.url);
      if (request.method !== 'OPTIONS') return run(request, requestContext, observed).then(answered, refused);
      return attempt(() => Promise.resolve(preflight(request.url, observed))).then(answered, refused);
    },
    /**
     * Compiles every route's operation now, one a turn of the event loop so that requests are answered between them:
     * called once the server listens, so that no route's first request waits for its compiling. Returns how many it
     * compiled (those a request had compiled already are not); a route that cannot be is named in the error thrown
     * after the others are done (its requests then fail as they would have).
     */
    async compileOperations() {
      let count = 0;
      const failed: string[] = [];
      for (const candidate of compiled) {
        try {
          if (candidate.run.compile()) count += 1;
        } catch (error) {
          failed.push(`${candidate.method} ${candidate.path}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (failed.length) throw new Error(failed.join('; '));
      return count;
    },
  };

  /** What the client is told when routing or reading its request failed; anything else is thrown on. */
  function refusal(error: unknown, request: Incoming): Reply {
    if (error instanceof HttpError) return errorReply(error.error, error.headers);
    // Thrown before execution (the context's API key lookup) and already masked: its code and headers stand.
    if (error instanceof GraphQLError && isErrorCode(error.extensions.code)) {
      const { error: body, headers } = errorFromResult(error);
      return errorReply(body, headers);
    }
    if (error instanceof URIError) return errorReply({ code: 'NOT_FOUND', message: `no route for ${request.method} ${request.url.pathname}` });
    throw error;
  }
}

/** Any origin, no credentials: the apps' routes need neither a cookie nor a key. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after, x-request-id' };
