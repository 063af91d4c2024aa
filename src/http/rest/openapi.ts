// GET /v1/openapi.json: the OpenAPI 3.1 document, built from the route table the server runs
// (src/http/rest/routes.ts) and each route's description (openapi-docs.ts). A route without a
// description, or a description without a route, is an error here and in test/openapi.test.ts.
import type { RestRoute } from './router.ts';
import { routeDocs, type RouteDoc } from './openapi-docs.ts';
import { ref, schemas } from './openapi-schemas.ts';

export const docKey = (route: Pick<RestRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;
/** `/v1/orgs/:orgSlug` → `/v1/orgs/{orgSlug}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const OPENAPI_PATH = '/v1/openapi.json';

/** Routes without a description and descriptions without a route. */
export function undocumented(routes: Pick<RestRoute, 'method' | 'path'>[], docs: Record<string, RouteDoc> = routeDocs) {
  const keys = new Set(routes.map(docKey));
  return { routes: [...keys].filter((key) => !docs[key]), docs: Object.keys(docs).filter((key) => !keys.has(key)) };
}

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ description, schema });
const headers = {
  'X-Request-Id': header('The request\'s id (the caller\'s X-Request-Id when it sent a valid one); also in the server\'s log lines.'),
  'RateLimit-Limit': header('Requests allowed per window for this caller.', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in the current window.', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until a request is allowed again.', { type: 'integer' }),
  'RateLimit-Policy': header('The limit and its window, e.g. `120;w=60`.'),
  'Retry-After': header('Seconds to wait before retrying.', { type: 'integer' }),
  Location: header('Where the broadcast\'s progress is: /v1/notifications/{id}.'),
  'WWW-Authenticate': header('`Bearer realm="clarion"`.'),
};
const hdr = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

const COMMON_ERRORS: Record<number, string> = {
  500: 'A fault of the server; the message is always "Unexpected error.".',
  503: 'UNAVAILABLE: the database cannot be reached for now (stopped, restarting, out of connections), more than 10,000 writes already wait for it, or it gave up on this request waiting for other writes (a lock held past 10 s, a statement past 30 s, a deadlock; the transaction it waited in was rolled back). Retry after Retry-After seconds.',
};

function operation(route: Pick<RestRoute, 'method' | 'path'>, doc: RouteDoc) {
  const rate = doc.rateLimited ? Object.fromEntries(RATE_HEADERS.map((name) => [name, hdr(name)])) : {};
  const responses: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(doc.success)) {
    responses[status] = {
      description: success.description,
      headers: { 'X-Request-Id': hdr('X-Request-Id'), ...rate, ...(success.location && { Location: hdr('Location') }) },
      ...(success.schema && { content: { 'application/json': { schema: success.schema, ...(success.example !== undefined && { example: success.example }) } } }),
    };
  }
  const errors = { ...doc.errors, ...(doc.rateLimited && { 429: 'A rate limit is exceeded; Retry-After says when to retry.' }), ...COMMON_ERRORS };
  for (const [status, description] of Object.entries(errors)) {
    const extra = status === '429' || status === '503' ? { 'Retry-After': hdr('Retry-After') } : status === '401' ? { 'WWW-Authenticate': hdr('WWW-Authenticate') } : {};
    responses[status] = { description, headers: { 'X-Request-Id': hdr('X-Request-Id'), ...rate, ...extra }, content: { 'application/json': { schema: ref('Error') } } };
  }
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    description: doc.description,
    tags: [doc.tag],
    security: doc.auth ? [{ apiKey: [] }] : [],
    parameters: [
      ...pathParams,
      ...(doc.query ?? []).map((p) => ({ ...p, in: 'query', required: false })),
      ...(doc.headers ?? []).map((p) => ({ ...p, in: 'header', required: false })),
    ],
    ...(doc.body && { requestBody: { required: !doc.body.optional, content: { 'application/json': { schema: doc.body.schema, example: doc.body.example } } } }),
    responses,
  };
}

export function buildOpenApi(routes: Pick<RestRoute, 'method' | 'path'>[], docs: Record<string, RouteDoc> = routeDocs) {
  const missing = undocumented(routes, docs);
  if (missing.routes.length || missing.docs.length) {
    throw new Error(`OpenAPI: routes without a description: [${missing.routes.join(', ')}]; descriptions without a route: [${missing.docs.join(', ')}]`);
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operation(route, docs[docKey(route)]!);
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApi', summary: 'This document', description: 'The OpenAPI 3.1 description of the /v1 routes.', tags: ['Meta'], security: [],
      responses: { 200: { description: 'The document.', headers: { 'X-Request-Id': hdr('X-Request-Id') }, content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clarion REST API', version: '1',
      description: 'Push notifications to iOS devices subscribed to organizations. Every error is `{"error":{"code","message","field?"}}`. Device and organization routes need no authentication; the others take an API key (`svc_live_…` or `svc_test_…`) as a Bearer token.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    tags: ['Devices', 'Organizations', 'Notifications', 'Audience', 'Webhooks', 'Identity', 'Meta'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in the dashboard (Settings → API keys): svc_live_… or svc_test_….' } },
      headers,
      schemas,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
export { OPENAPI_PATH };
