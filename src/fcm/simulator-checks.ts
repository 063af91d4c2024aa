// What the FCM stand-in (./simulator.ts) checks, as Google does, and its answers in Google's shapes: the token
// endpoint's JWT assertion, and a message's fields. Pure functions: the server around them is ./simulator.ts.
import { verify, type KeyObject } from 'node:crypto';
import { FCM_SCOPE } from './access-token.ts';
import { MAX_MESSAGE_BYTES, MAX_TTL_S, reservedDataKey } from './message.ts';

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

/** The HTTP status and google.rpc status Google answers with each FCM error code, and its usual message. */
export const FCM_CODES: Record<string, [number, string, string]> = {
  UNREGISTERED: [404, 'NOT_FOUND', 'Requested entity was not found.'],
  INVALID_ARGUMENT: [400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token'],
  SENDER_ID_MISMATCH: [403, 'PERMISSION_DENIED', 'SenderId mismatch'],
  QUOTA_EXCEEDED: [429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric \'Send requests\' and limit \'Send requests per minute\''],
  UNAVAILABLE: [503, 'UNAVAILABLE', 'The service is currently unavailable.'],
  INTERNAL: [500, 'INTERNAL', 'Internal error encountered.'],
  THIRD_PARTY_AUTH_ERROR: [401, 'UNAUTHENTICATED', 'Auth error from APNS or Web Push Service'],
};

export interface GoogleAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** `{"error": {code, message, status, details}}`, with an FcmError detail for an FCM code. */
export function fcmError(code: string, message?: string, status?: number): GoogleAnswer {
  const [httpStatus, rpcStatus, text] = FCM_CODES[code] ?? [status ?? 500, 'UNKNOWN', code];
  const details = [{ '@type': FCM_ERROR, errorCode: code }];
  return { status: status ?? httpStatus, body: { error: { code: status ?? httpStatus, message: message ?? text, status: rpcStatus, details } } };
}

/** Our message's fault: 400 INVALID_ARGUMENT with a google.rpc.BadRequest naming the field. */
export function badRequest(field: string, description: string): GoogleAnswer {
  const details = [{ '@type': FCM_ERROR, errorCode: 'INVALID_ARGUMENT' }, { '@type': BAD_REQUEST, fieldViolations: [{ field, description }] }];
  return { status: 400, body: { error: { code: 400, message: description, status: 'INVALID_ARGUMENT', details } } };
}

/** A google.rpc error with no FCM detail (authentication, permission, routing). */
export const rpcError = (status: number, rpcStatus: string, message: string): GoogleAnswer => ({ status, body: { error: { code: status, message, status: rpcStatus } } });

export const UNAUTHENTICATED = rpcError(
  401,
  'UNAUTHENTICATED',
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
);

export interface Assertion {
  kid?: string;
  scopes: string[];
}

/** Checks a JWT-bearer assertion as Google's token endpoint does; an OAuth error body, or what it grants. */
export function checkAssertion(jwt: string, expected: { publicKey: KeyObject; keyId: string; clientEmail: string; tokenUri: string; now: number }): { error: string; error_description: string } | Assertion {
  const grantError = (error_description: string) => ({ error: 'invalid_grant', error_description });
  const [header, claims, signature, extra] = jwt.split('.');
  if (!header || !claims || !signature || extra !== undefined) return grantError('Invalid JWT: the assertion must have three parts.');
  const head = parse(header);
  if (head?.alg !== 'RS256') return grantError('Invalid JWT Signature.');
  if (head.kid !== undefined && head.kid !== expected.keyId) return grantError('Invalid JWT Signature.');
  if (!verify('sha256', Buffer.from(`${header}.${claims}`), expected.publicKey, Buffer.from(signature, 'base64url'))) return grantError('Invalid JWT Signature.');
  const body = parse(claims);
  if (!body || body.iss !== expected.clientEmail) return grantError('Invalid grant: account not found');
  if (body.aud !== expected.tokenUri) return grantError('Invalid JWT: Failed audience check. The expected audience is ' + expected.tokenUri + '.');
  const { iat, exp } = body;
  const now = expected.now / 1000;
  if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat || exp - iat > 3600 || iat > now + 60 || exp < now) {
    return grantError('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
  }
  if (typeof body.scope !== 'string' || !body.scope.trim()) return { error: 'invalid_scope', error_description: 'Empty or missing scope not allowed.' };
  return { kid: head.kid as string | undefined, scopes: body.scope.split(' ') };
}

function parse(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const hasFcmScope = (scopes: string[]) => scopes.includes(FCM_SCOPE) || scopes.includes('https://www.googleapis.com/auth/cloud-platform');

// Proto3 JSON takes snake_case or lowerCamelCase field names.
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const FIELDS: Record<string, Set<string>> = {
  message: new Set(['name', 'data', 'notification', 'android', 'webpush', 'apns', 'fcm_options', 'token', 'topic', 'condition']),
  'message.notification': new Set(['title', 'body', 'image']),
  'message.android': new Set(['collapse_key', 'priority', 'ttl', 'restricted_package_name', 'data', 'notification', 'fcm_options', 'direct_boot_ok']),
  'message.android.notification': new Set([
    'title', 'body', 'icon', 'color', 'sound', 'tag', 'click_action', 'body_loc_key', 'body_loc_args', 'title_loc_key', 'title_loc_args', 'channel_id', 'ticker', 'sticky',
    'event_time', 'local_only', 'notification_priority', 'default_sound', 'default_vibrate_timings', 'default_light_settings', 'vibrate_timings', 'visibility', 'notification_count', 'image',
  ]),
};

function unknownField(value: unknown, path: string): GoogleAnswer | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return badRequest(path, `Invalid value at '${path}': expected an object.`);
  const known = FIELDS[path]!;
  const stranger = Object.keys(value).find((key) => !known.has(snake(key)));
  return stranger === undefined ? undefined : badRequest(path, `Invalid JSON payload received. Unknown name "${stranger}" at '${path}': Cannot find field.`);
}

const field = (object: Record<string, unknown>, name: string) => object[name] ?? object[name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())];

/** A message's shape, as FCM refuses it (400 with field violations); undefined when it is well-formed. */
export function checkMessage(message: unknown): GoogleAnswer | undefined {
  const wrong = unknownField(message, 'message');
  if (wrong) return wrong;
  const m = message as Record<string, unknown>;
  const targets = ['token', 'topic', 'condition'].filter((name) => m[name] !== undefined);
  if (targets.length !== 1) return badRequest('message', 'Exactly one of token, topic or condition must be specified.');
  if (typeof m[targets[0]!] !== 'string') return badRequest(`message.${targets[0]}`, `Invalid value at 'message.${targets[0]}' (TYPE_STRING).`);
  if (m.data !== undefined) {
    if (typeof m.data !== 'object' || m.data === null || Array.isArray(m.data)) return badRequest('message.data', "Invalid value at 'message.data': expected a map.");
    for (const [key, value] of Object.entries(m.data)) {
      if (typeof value !== 'string') return badRequest(`message.data[${key}].value`, `Invalid value at 'message.data[${key}].value' (TYPE_STRING).`);
      if (reservedDataKey(key)) return badRequest('message.data', `Invalid data payload key: ${key}`);
    }
  }
  if (m.notification !== undefined) {
    const bad = unknownField(m.notification, 'message.notification');
    if (bad) return bad;
    for (const [key, value] of Object.entries(m.notification as object)) if (typeof value !== 'string') return badRequest(`message.notification.${key}`, `Invalid value at 'message.notification.${key}' (TYPE_STRING).`);
  }
  if (m.android !== undefined) {
    const bad = unknownField(m.android, 'message.android');
    if (bad) return bad;
    const android = m.android as Record<string, unknown>;
    const priority = field(android, 'priority');
    if (priority !== undefined && !['normal', 'high', 'NORMAL', 'HIGH'].includes(priority as string)) return badRequest('message.android.priority', `Invalid value at 'message.android.priority' (type.googleapis.com/google.firebase.fcm.v1.AndroidMessagePriority), "${String(priority)}"`);
    const ttl = field(android, 'ttl');
    if (ttl !== undefined && (typeof ttl !== 'string' || !/^\d+(\.\d{1,9})?s$/.test(ttl))) return badRequest('message.android.ttl', `Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration), "${String(ttl)}"`);
    if (typeof ttl === 'string' && parseFloat(ttl) > MAX_TTL_S) return badRequest('message.android.ttl', 'TTL cannot exceed 4 weeks.');
    const collapseKey = field(android, 'collapse_key');
    if (collapseKey !== undefined && typeof collapseKey !== 'string') return badRequest('message.android.collapse_key', "Invalid value at 'message.android.collapse_key' (TYPE_STRING).");
    if (android.notification !== undefined) {
      const bad = unknownField(android.notification, 'message.android.notification');
      if (bad) return bad;
    }
  }
  const { token: _token, topic: _topic, condition: _condition, ...rest } = m;
  const bytes = Buffer.byteLength(JSON.stringify(rest));
  if (bytes > MAX_MESSAGE_BYTES) return badRequest('message', `Message is too big: ${bytes} bytes; the limit is ${MAX_MESSAGE_BYTES}.`);
  return undefined;
}
