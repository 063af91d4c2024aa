// Fuzz cases for the HTTP interface: fast-check arbitraries that make requests (every /v1 route from the route
// table, /graphql, /healthz, unknown paths, odd methods, raw bytes), a client that sends them without the
// checks fetch makes (./fuzz-client.ts), and the property every answer must hold. Used by test/fuzz.test.ts and
// bench/fuzz/run.ts.
import fc from 'fast-check';
import { Kind, parse, print } from 'graphql';
import * as operations from '../../src/http/rest/operations.ts';
import type { RestRoute } from '../../src/http/rest/router.ts';

export interface FuzzCase {
  /** What the case aims at, for counts: a route template, /graphql, raw, unknown. */
  label: string;
  method: string;
  /** Sent as is: may hold bytes fetch would refuse (invalid UTF-8 as latin1, undecodable `%`). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Written byte for byte on a socket: NUL, spaces and control bytes in the request line. */
  raw?: boolean;
  /** The body holds a lone surrogate: it must be refused with a 400 VALIDATION_FAILED naming the field. */
  loneSurrogate?: boolean;
}

/** JSON.stringify writes a lone surrogate as an escape and a pair as its characters. */
const holdsLoneSurrogate = (body: string) => /\\ud[89a-f][0-9a-f]{2}/i.test(body);

/** Known-good values the arbitraries mix in, so that cases reach past authentication and lookups. */
export interface FuzzSeeds {
  liveKey: string;
  testKey: string;
  orgSlug: string;
  inviteCode: string;
  deviceUuid: string;
  notificationId: string;
  webhookId: string;
}

/** The seeded value of a route parameter (names not known here get a UUID that matches nothing). */
function seededParam(seeds: FuzzSeeds, path: string, name: string) {
  if (name === 'id') return path.startsWith('/v1/webhooks') ? seeds.webhookId : seeds.notificationId;
  const known: Record<string, string> = { deviceUuid: seeds.deviceUuid, orgSlug: seeds.orgSlug, inviteCode: seeds.inviteCode };
  return known[name] ?? '00000000-0000-4000-8000-000000000000';
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const ODD_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uFEFF', '\u202Eevil', '\uD800', '\uDFFF', '😀'.repeat(50), 'é'.normalize('NFD'), 'ǅ', '\u200B',
  'null', 'undefined', 'NaN', '-0', '1e400', "'; DROP TABLE devices; --", '%', '%zz', '%E0%A4%A', '%00', '../..', '..%2F', '\\', '\r\n', 'all', 'ios',
  ...PROTO_KEYS,
];

export const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => s.repeat(1 + (s.length ? Math.floor(4000 / s.length) : 0))),
);

const oddNumber = fc.oneof(fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 0.5, -0), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

/** Any JSON value, odd strings and prototype keys included. */
export const oddJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null), fc.boolean(), oddNumber, oddString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.array(fc.tuple(fc.oneof(oddString, fc.constantFrom(...PROTO_KEYS)), tie('value')), { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/** JSON nested `depth` levels deep: arrays, objects, or under a field of a good body. */
const deep = (depth: number, kind: 'array' | 'object', inside?: Record<string, unknown>, field = 'body') => {
  const core = kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  if (!inside) return core;
  const rest = JSON.stringify({ ...inside, [field]: undefined }).slice(1, -1);
  return `{${rest ? `${rest},` : ''}${JSON.stringify(field)}:${core}}`;
};

/** Strings no UTF-8 text can hold: a lone surrogate, alone or amid other text (JSON spells them "\\ud800"). */
const LONE_SURROGATE = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D'), fc.string({ maxLength: 8 }))
  .map(([before, lone, after]) => before + lone + after);

/** Numbers JSON can spell and a double cannot hold, or holds oddly: written into the body's text as they are. */
const OVERLONG_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0.1e1', '9007199254740993', '1.7976931348623157e309', '1' + '0'.repeat(400), '0.' + '0'.repeat(400) + '1'];

/**
 * The encoding corners of a good body: a lone surrogate in a field, inside a list or an object, or in a key;
 * a field nested 30 to 40, or 5,000, levels deep; an overlong number in a field; `__proto__` and `constructor`
 * keys at any depth; lists of up to 50,000 items.
 */
export function encodingCorners(good: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = [...new Set([...Object.keys(good), 'data', 'externalIds', 'title'])];
  const field = fc.constantFrom(...fields);
  const body = (changes: Record<string, unknown>) => JSON.stringify({ ...good, ...changes });
  return fc.oneof(
    fc.tuple(field, LONE_SURROGATE).map(([f, s]) => body({ [f]: s })),
    fc.tuple(field, LONE_SURROGATE).map(([f, s]) => body({ target: 'users', [f]: ['ok', s] })),
    fc.tuple(field, LONE_SURROGATE, fc.constantFrom('k', '__proto__', 'constructor')).map(([f, s, k]) => body({ [f]: { [k]: { inner: s } } })),
    fc.tuple(field, LONE_SURROGATE).map(([f, s]) => body({ [f]: { [s]: 1 } })),
    LONE_SURROGATE.map((s) => body({ [s]: 'x' })),
    fc.tuple(fc.oneof(fc.integer({ min: 30, max: 40 }), fc.constant(5_000)), fc.constantFrom<'array' | 'object'>('array', 'object'), field).map(([depth, kind, f]) => deep(depth, kind, good, f)),
    fc.tuple(field, fc.constantFrom(...OVERLONG_NUMBERS)).map(([f, n]) => body({ [f]: 0 }).replace(new RegExp(`"${f}":0(?=[,}])`), `"${f}":${n}`)),
    fc.tuple(field, fc.constantFrom('__proto__', 'constructor', 'prototype')).map(([f, k]) => `${JSON.stringify(good).slice(0, -1)},"${f}":{"${k}":{"polluted":true,"toString":1}}}`),
    fc.tuple(field, fc.integer({ min: 1_000, max: 50_000 }), fc.constantFrom<unknown>('user-1', 0, null, {})).map(([f, n, item]) => body({ target: 'users', [f]: Array.from({ length: n }, () => item) })),
  );
}

const MALFORMED_JSON = ['', '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', 'tru', '"\\ud800"', '{"a":"\\x00"}', '\uFEFF{}', '{"a":1}{"b":2}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '1e99999', '-', '\u0000', '{"a":NaN}'];

/** A body for a route whose good body is `good`: malformed text, the good body with fields dropped, changed or added, deep or huge values. */
export function bodyArbitrary(good: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = Object.keys(good);
  const field = fields.length ? fc.constantFrom(...fields) : oddString;
  const mutated = fc
    .tuple(
      fc.array(fc.tuple(field, fc.oneof(oddJson, fc.constant(undefined))), { maxLength: 4 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), oddString), oddJson), { maxLength: 3 }),
    )
    .map(([changes, extra]) => JSON.stringify(Object.fromEntries([...Object.entries(good), ...extra, ...changes])));
  return fc.oneof(
    { arbitrary: mutated, weight: 6 },
    { arbitrary: fc.constantFrom(...MALFORMED_JSON), weight: 2 },
    { arbitrary: fc.constant(JSON.stringify(good)), weight: 1 },
    { arbitrary: oddJson.map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
    { arbitrary: fc.tuple(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'), field).map(([depth, kind, f]) => deep(depth, kind, good, String(f))), weight: 1 },
    { arbitrary: fc.tuple(fc.integer({ min: 1, max: 300_000 }), field).map(([size, f]) => JSON.stringify({ ...good, [String(f)]: 'x'.repeat(size) })), weight: 1 },
    { arbitrary: encodingCorners(good), weight: 3 },
  );
}

/** A path segment: the seeded value, or something odd (percent-encoded, raw `%`, invalid UTF-8 bytes, 8 KB+). */
export function segmentArbitrary(good: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(good), weight: 4 },
    { arbitrary: oddString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?')).slice(0, 12_000)), weight: 3 },
    { arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%2F', '..', '.', '%2e%2e', '\xC3\x28', '\xFF\xFE', 'a'.repeat(9000)), weight: 2 },
    { arbitrary: fc.uuid().map(String), weight: 1 },
  );
}

export function queryArbitrary(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...names, 'search', 'limit', 'cursor', ...PROTO_KEYS), fc.constantFrom('%', '%zz', '&&', '=', '[]', 'a[b]'));
  const value = fc.oneof(
    oddString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?')).slice(0, 9000)),
    fc.constantFrom('%', '%zz', '%FF', '-1', '0', '99999999999999999999', '1.5', '1e3', '+1', '0x10', 'A'.repeat(9000)),
    oddJson.map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
  );
  return fc.array(fc.tuple(name, value), { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

function authArbitrary(seeds: FuzzSeeds) {
  return fc.oneof(
    { arbitrary: fc.constantFrom(`Bearer ${seeds.liveKey}`, `Bearer ${seeds.testKey}`), weight: 6 },
    { arbitrary: fc.constantFrom(undefined, '', 'Bearer', 'Bearer ', 'Basic YTpi', `bearer ${seeds.liveKey}`, `Bearer  ${seeds.liveKey}`, `Bearer ${seeds.liveKey}x`, 'Bearer svc_live_', 'Bearer svc_test_' + 'a'.repeat(5000)), weight: 2 },
    { arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 80 }).map((s) => `Bearer ${s}`), weight: 1 },
  );
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=latin1', 'text/plain', 'application/jsonx', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'];

/** Headers: usually the right content type and a good key, sometimes not. */
function headersArbitrary(seeds: FuzzSeeds, withBody: boolean) {
  return fc
    .record({
      authorization: authArbitrary(seeds),
      contentType: fc.oneof({ arbitrary: fc.constant(withBody ? 'application/json' : undefined), weight: 5 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES, undefined), weight: 1 }),
      idempotency: fc.option(fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }), { freq: 3 }),
    })
    .map(({ authorization, contentType, idempotency }) => {
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.authorization = authorization;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (idempotency !== null) headers['idempotency-key'] = idempotency;
      return headers;
    });
}

/** Known-good bodies of the body routes; a route not listed is fuzzed from `{}`. */
export function goodBodies(seeds: FuzzSeeds): Record<string, Record<string, unknown>> {
  return {
    '/v1/devices': { apnsToken: 'ab'.repeat(32), platform: 'ios' },
    '/v1/devices/:deviceUuid/subscriptions': { orgSlug: seeds.orgSlug, externalId: 'user-1', inviteCode: seeds.inviteCode },
    '/v1/notify': { body: 'Hello', target: 'all', title: 'Hi' },
    '/v1/webhooks': { url: 'https://127.0.0.1:9/hook', events: ['broadcast.completed'] },
  };
}

/** The encoding corners of one route's good body, sent as a good client would send them (its key, JSON). */
export function encodingCases(route: Pick<RestRoute, 'method' | 'path'>, seeds: FuzzSeeds): fc.Arbitrary<FuzzCase> {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => seededParam(seeds, route.path, name));
  const good = goodBodies(seeds)[route.path] ?? {};
  return fc
    .tuple(encodingCorners(good), fc.constantFrom(seeds.liveKey, seeds.testKey))
    .map(([body, key]): FuzzCase => ({ label: `${route.method} ${route.path}`, method: route.method, path, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body, loneSurrogate: holdsLoneSurrogate(body) }));
}

/** /graphql with the same corners in its variables: every operation of the REST table, with a lone surrogate or deep value in a variable. */
export function graphqlEncodingCases(): fc.Arbitrary<FuzzCase> {
  // As JSON text: values 5,000 deep are never built as objects here (printing them would exhaust the stack).
  const variables = fc.oneof(
    fc.tuple(fc.constantFrom('apnsToken', 'orgSlug', 'search', 'externalId', 'input', 'cursor', 'url'), LONE_SURROGATE).map(([name, s]) => JSON.stringify({ [name]: s })),
    LONE_SURROGATE.map((s) => JSON.stringify({ input: { body: s, target: 'all' } })),
    LONE_SURROGATE.map((s) => JSON.stringify({ input: { body: 'x', target: 'users', externalIds: ['a', s] } })),
    fc.constantFrom(30, 40, 5_000).map((depth) => `{"input":{"body":"x","target":"all","data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`),
  );
  return fc
    .tuple(fc.constantFrom(...DOCUMENTS.filter((text) => parse(text).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length === 1)), variables)
    .map(([query, v]): FuzzCase => {
      const body = `{"query":${JSON.stringify(query)},"variables":${v}}`;
      return { label: 'POST /graphql', method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body, loneSurrogate: holdsLoneSurrogate(body) };
    });
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH', 'QUERY'];

/** Cases for one route of the table: its own method mostly, params substituted, any query, body and headers. */
export function routeCases(route: Pick<RestRoute, 'method' | 'path' | 'body'>, seeds: FuzzSeeds): fc.Arbitrary<FuzzCase> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const segments = fc.tuple(...names.map((name) => segmentArbitrary(seededParam(seeds, route.path, name))));
  const good = goodBodies(seeds)[route.path] ?? {};
  return fc
    .record({
      method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 9 }, { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 }),
      values: names.length ? segments : fc.constant([] as string[]),
      query: fc.oneof({ arbitrary: fc.constant(''), weight: 2 }, { arbitrary: queryArbitrary([]), weight: 1 }),
      body: route.body ? bodyArbitrary(good) : fc.option(bodyArbitrary({}), { freq: 5, nil: undefined }),
      headers: headersArbitrary(seeds, Boolean(route.body)),
      slash: fc.boolean(),
    })
    .map(({ method, values, query, body, headers, slash }) => {
      let i = 0;
      const path = route.path.replace(/:(\w+)/g, () => values[i++]!) + (slash ? '/' : '') + query;
      return { label: `${route.method} ${route.path}`, method, path, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body };
    });
}

const DOCUMENTS = Object.values(operations).map((document) => print(document as never));
const DOCUMENT_TEXT = fc.oneof(
  fc.constantFrom(...DOCUMENTS),
  fc.constantFrom('{', '{ nope }', '{ __typename }', '{ __schema { types { name } } }', 'query { organizations { organizations { name } } }', 'subscription { x }', 'mutation { notify(input: {}) { id } }', '{ a: __typename b: __typename }', '#', '\u0000', 'query Q { __typename } query Q { __typename }'),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `{ organizations ${'{ x '.repeat(n)}${'}'.repeat(n)} }`),
  fc.integer({ min: 1, max: 3_000 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`),
  fc.integer({ min: 1, max: 3_000 }).map((n) => `{ __typename ${'@skip(if: false) '.repeat(n)}}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** /graphql: POST with odd JSON documents, variables and operationName, malformed bodies; GET with query strings. */
export function graphqlCases(seeds: FuzzSeeds): fc.Arbitrary<FuzzCase> {
  const payload = fc.record(
    { query: fc.oneof(DOCUMENT_TEXT, oddJson), variables: fc.oneof(oddJson, fc.dictionary(fc.constantFrom('apnsToken', 'platform', 'deviceUuid', 'orgSlug', 'search', 'limit', 'cursor', 'input', 'id', 'url', 'events', ...PROTO_KEYS), oddJson)), operationName: fc.oneof(oddString, oddJson), extensions: oddJson },
    { requiredKeys: [] },
  );
  const post = fc.record({ text: fc.oneof({ arbitrary: payload.map((p) => JSON.stringify(p)), weight: 4 }, { arbitrary: bodyArbitrary({ query: DOCUMENTS[0] }), weight: 2 }), headers: headersArbitrary(seeds, true) })
    .map(({ text, headers }): FuzzCase => ({ label: 'POST /graphql', method: 'POST', path: '/graphql', headers, body: text }));
  const get = fc.record({ payload, headers: headersArbitrary(seeds, false), extra: queryArbitrary(['query', 'variables', 'operationName']) })
    .map(({ payload: p, headers, extra }): FuzzCase => {
      const query = Object.entries(p).map(([k, v]) => `${k}=${encodeURIComponent((typeof v === 'string' ? v : JSON.stringify(v) ?? '').replace(/[\uD800-\uDFFF]/g, '?')).slice(0, 10_000)}`).join('&');
      return { label: 'GET /graphql', method: 'GET', path: `/graphql?${query}${extra.replace('?', '&')}`, headers };
    });
  const other = fc.record({ method: fc.constantFrom(...OTHER_METHODS), headers: headersArbitrary(seeds, true), body: fc.option(payload.map((p) => JSON.stringify(p)), { nil: undefined }) })
    .map(({ method, headers, body }): FuzzCase => ({ label: 'other /graphql', method, path: '/graphql', headers, body: method === 'GET' || method === 'HEAD' ? undefined : body }));
  return fc.oneof({ arbitrary: post, weight: 5 }, { arbitrary: get, weight: 3 }, { arbitrary: other, weight: 1 });
}

/** /healthz, unknown paths, long paths and odd methods everywhere. */
export function otherCases(seeds: FuzzSeeds): fc.Arbitrary<FuzzCase> {
  const path = fc.oneof(
    fc.constantFrom('/healthz', '/', '/v1', '/v1/', '/v2/devices', '/v1/orgs/a/b/c', '//v1//orgs', '/v1/devices/x/subscriptions/y/z', '/graphql/', '/favicon.ico', '/%', '/%zz', '/v1/%', '/\xFF\xFE', '/healthz?x=%', '*'),
    segmentArbitrary('x').map((s) => `/v1/${s}`),
    fc.integer({ min: 8_192, max: 12_000 }).map((n) => `/v1/orgs/${'a'.repeat(n)}`),
    fc.integer({ min: 8_192, max: 12_000 }).map((n) => `/v1/orgs?search=${'%41'.repeat(n / 3)}`),
  );
  return fc
    .record({ method: fc.constantFrom(...OTHER_METHODS), path, headers: headersArbitrary(seeds, false), body: fc.option(bodyArbitrary({}), { freq: 3, nil: undefined }) })
    .map(({ method, path: p, headers, body }) => ({ label: 'other paths', method, path: p, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body }));
}

/** Request lines no client library sends: NUL, spaces, control bytes, bare `%`, absolute URLs, unknown methods. */
export function rawCases(): fc.Arbitrary<FuzzCase> {
  const byte = fc.integer({ min: 0, max: 255 }).map((b) => String.fromCharCode(b));
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'BREW', 'get', 'G\u0000T', ''),
      path: fc.oneof(fc.constantFrom('/v1/orgs/a\u0000b', '/v1/orgs/a b', '/healthz\u0000', '/v1/orgs/\x7f', 'http://x/v1/orgs', '/v1/orgs/%', '/v1/orgs/\xC0\xAF'), fc.string({ unit: byte, maxLength: 60 }).map((s) => `/v1/orgs/${s}`)),
      body: fc.option(fc.string({ unit: byte, maxLength: 200 }), { nil: undefined }),
    })
    .map(({ method, path, body }): FuzzCase => ({ label: 'raw', method, path, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body, raw: true }));
}

export { describeCase, send, violations, type FuzzAnswer } from './fuzz-client.ts';
