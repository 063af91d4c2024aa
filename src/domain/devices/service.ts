// Device registration. A device is its platform's token: an APNs token (iOS), an FCM registration token
// (Android) or a browser's push subscription endpoint (web). Registering a known token returns the device it
// already has (and revives a token its push service had reported dead), so one phone or browser never receives a
// broadcast twice. A web subscription registered again keeps the keys it was first registered with.
import { v7 as uuidv7 } from 'uuid';
import type { SqlClient } from '../../db/sql.ts';
import { PLATFORMS, type Platform } from '../../fanout/platform.ts';
import { createBatcher, perDatabase, whenQueued } from '../batch.ts';
import { COUNT_SHARDS } from '../subscriptions/service.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { tallyDevices } from '../insights/tallies.ts';
import { canonicalLocale, MAX_LOCALE_LENGTH } from './locale.ts';

export { PLATFORMS, type Platform };
const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;
/** FCM registration tokens are opaque; Google's are about 160 printable characters ("<id>:APA91b..."). */
const FCM_TOKEN = /^[\x21-\x7e]{1,1024}$/;

export interface RegisterDeviceInput {
  platform?: string | null;
  apnsToken?: string | null;
  fcmToken?: string | null;
  /** The PushSubscription a browser gives the web app: {endpoint, keys: {p256dh, auth}}. */
  webPush?: unknown;
  /** The device's language, a BCP 47 tag (fr-CA): it picks the broadcast's localized text. */
  locale?: string | null;
}

/** A browser subscription, checked by the Web Push platform (src/webpush): its endpoint's host and its keys. */
export interface WebPushSubscription {
  endpoint: string;
  p256dh: Buffer;
  auth: Buffer;
}

export interface DeviceSettings {
  /** Checks a browser's subscription; absent when Web Push is off (no VAPID keys): web registrations get 503. */
  webPush?: { validate(input: unknown): Promise<Result<WebPushSubscription>> };
}

export interface DeviceRegistration {
  deviceUuid: string;
  /** False when the token was registered before and its device was returned. */
  created: boolean;
}

interface Registration {
  platform: Platform;
  token: string;
  p256dh: Buffer | null;
  auth: Buffer | null;
  locale: string | null;
}

const TOKEN_FIELD = { ios: 'apnsToken', android: 'fcmToken', web: 'webPush' } as const;

/** A device's locale as given (absent or null: none), in canonical form. */
function localeOf(locale: unknown): Result<string | null> {
  if (locale === undefined || locale === null) return ok(null);
  const canonical = canonicalLocale(locale);
  return canonical ? ok(canonical) : invalid('locale', `locale must be a BCP 47 language tag of at most ${MAX_LOCALE_LENGTH} characters, e.g. "fr-CA"`);
}

type Token = Omit<Registration, 'locale'>;

/**
 * The device's token, checked. An app's token (ios, android) is answered at once; only a browser's subscription is
 * checked by something that waits (src/webpush), so a registration makes a promise only where one is needed: each
 * costs its microtask, and on Node 20 the request id's promise hooks as well (bench/README.md).
 */
function tokenOf(input: RegisterDeviceInput, settings: DeviceSettings): Result<Token> | Promise<Result<Token>> {
  const { platform } = input;
  if (!PLATFORMS.includes(platform as Platform)) {
    return invalid('platform', `platform must be one of: ${PLATFORMS.map((p) => `"${p}"`).join(', ')}`);
  }
  // One token per device: a token of another platform is a mistake, not something to ignore.
  for (const other of PLATFORMS) {
    const field = TOKEN_FIELD[other];
    if (other !== platform && input[field] != null) return invalid(field, `${field} goes with platform "${other}", not "${platform}"`);
  }
  if (platform === 'ios') {
    const token = input.apnsToken;
    if (token == null) return invalid('apnsToken', 'apnsToken is required');
    if (typeof token !== 'string' || !APNS_TOKEN.test(token)) return invalid('apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters');
    // APNs tokens are hex bytes; one spelling per token keeps the unique index meaningful.
    return ok({ platform, token: token.toLowerCase(), p256dh: null, auth: null });
  }
  if (platform === 'android') {
    const token = input.fcmToken;
    if (token == null) return invalid('fcmToken', 'fcmToken is required');
    if (typeof token !== 'string' || !FCM_TOKEN.test(token)) return invalid('fcmToken', 'fcmToken must be the FCM registration token: 1 to 1024 printable characters without spaces');
    return ok({ platform, token, p256dh: null, auth: null });
  }
  if (!settings.webPush) return fail('UNAVAILABLE', 'Web Push is off on this server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (see docs/configuration.md)', 'webPush');
  return settings.webPush
    .validate(input.webPush)
    .then((subscription) => (subscription.ok ? ok({ platform: 'web' as const, token: subscription.value.endpoint, p256dh: subscription.value.p256dh, auth: subscription.value.auth }) : subscription));
}

const COLUMN = { ios: 'apns_token', android: 'fcm_token', web: 'web_push_endpoint' } as const;

/**
 * A new device's uuid: a UUIDv7 (RFC 9562), its first 48 bits the time of registration in milliseconds, its other 74
 * bits random. A broadcast reads its audience in device_uuid order, so devices registered about the same time, whose
 * rows were written one after another, are read together: PostgreSQL then reads a page of recipients from a few table
 * pages rather than one page each (random v4 uuids), 35-40% less of its CPU a push (bench/README.md). The
 * uuid is also the device routes' only credential: a time given to the `uuid` package turns its per-millisecond
 * counter off, so every id carries 74 fresh random bits and none tells the next.
 */
export const newDeviceUuid = () => uuidv7({ msecs: Date.now() });

// Registrations are written in batches (see ../batch.ts), one statement per platform's batch. A token repeated
// within one batch is sent once; every caller gets its device, and only the first is told it was created.
// A subscription's keys are those it was first registered with: anyone who learns an endpoint could otherwise
// register it again with keys of their own, and its browser could no longer read its pushes (a browser that
// subscribes again gets a new endpoint). One text per platform, made once (a prepared statement's name is its digest).
const registerStatement = (column: string) => `INSERT INTO devices (device_uuid, platform, ${column}, web_push_p256dh, web_push_auth, locale)
         SELECT * FROM unnest($1::uuid[], $2::text[]::"Platform"[], $3::text[], $4::bytea[], $5::bytea[], $6::text[])
         ORDER BY 3
         -- A locale given replaces the one kept; a registration without one keeps it.
         ON CONFLICT (${column}) DO UPDATE SET updated_at = now(), locale = COALESCE(EXCLUDED.locale, devices.locale)
         RETURNING device_uuid::text, ${column} AS token, (xmax = 0) AS created, token_invalidated_at IS NOT NULL AS dead`;

const registerBatch = (platform: Platform) => {
  const statement = registerStatement(COLUMN[platform]);
  return perDatabase((sql: SqlClient) =>
    createBatcher(async (items: Registration[]) => {
      const unique = [...new Map(items.map((item) => [item.token, item])).values()];
      const rows = await sql.query<{ device_uuid: string; token: string; created: boolean; dead: boolean }>(
        statement,
        [unique.map(() => newDeviceUuid()), unique.map(() => platform), unique.map((u) => u.token), unique.map((u) => u.p256dh), unique.map((u) => u.auth), unique.map((u) => u.locale)],
        { prepare: true },
      );
      // A token its push service had declared dead is revived, and counted again by its organizations
      // (subscriberCount counts devices that can still receive). Its own statement, so that only a dead-to-live
      // change moves the counts, and only when the upsert above, which locked the rows, saw one dead: most
      // batches are one round trip.
      const dead = rows.filter((row) => row.dead).map((row) => row.device_uuid);
      if (dead.length) {
        await sql.query(
          `WITH revived AS (
             UPDATE devices SET token_invalidated_at = NULL, token_invalid_reason = NULL
             WHERE device_uuid = ANY($1::uuid[]) AND token_invalidated_at IS NOT NULL RETURNING device_uuid, platform
           ),
           counted AS (
             INSERT INTO organization_subscriber_counts (organization_id, shard, count)
             SELECT s.organization_id, floor(random() * $2)::smallint, count(*) FROM subscriptions s JOIN revived USING (device_uuid)
             GROUP BY s.organization_id ORDER BY s.organization_id
             ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count
           ),
           ${tallyDevices('revived', 1)}
           SELECT count(*) FROM revived`,
          [dead, COUNT_SHARDS],
        );
      }
      const byToken = new Map(rows.map((row) => [row.token, { deviceUuid: row.device_uuid, created: row.created }]));
      const answered = new Set<string>();
      return items.map(({ token }) => {
        const device = byToken.get(token)!;
        const first = !answered.has(token);
        answered.add(token);
        return { deviceUuid: device.deviceUuid, created: device.created && first };
      });
    }),
  );
};

const batches = { ios: registerBatch('ios'), android: registerBatch('android'), web: registerBatch('web') };

export function registerDevice(sql: SqlClient, input: RegisterDeviceInput, settings: DeviceSettings = {}): Promise<Result<DeviceRegistration>> {
  const locale = localeOf(input.locale);
  if (!locale.ok) return Promise.resolve(locale);
  const token = tokenOf(input, settings);
  return token instanceof Promise ? token.then((checked) => register(sql, checked, locale.value)) : register(sql, token, locale.value);
}

function register(sql: SqlClient, token: Result<Token>, locale: string | null): Promise<Result<DeviceRegistration>> {
  if (!token.ok) return Promise.resolve(token);
  const registration = { ...token.value, locale };
  // xmax = 0 only for a freshly inserted row; ON CONFLICT makes concurrent registrations agree on one device.
  return whenQueued(() => batches[registration.platform](sql, registration));
}

export interface DeviceDetails {
  deviceUuid: string;
  platform: Platform;
  locale: string | null;
}

/** Changes what a device says of itself (PATCH /v1/devices/{deviceUuid}): its locale; null removes it. */
export async function updateDevice(sql: SqlClient, deviceUuid: string, changes: { locale?: unknown }): Promise<Result<DeviceDetails>> {
  if (!('locale' in changes) || changes.locale === undefined) return invalid('locale', 'locale is required (a BCP 47 language tag, or null to remove it)');
  const locale = localeOf(changes.locale);
  if (!locale.ok) return locale;
  if (!isUuid(deviceUuid)) return notFound('device not found');
  const [row] = await sql.query<{ platform: Platform; locale: string | null }>(
    `UPDATE devices SET locale = $2, updated_at = now() WHERE device_uuid = $1::uuid RETURNING platform::text, locale`,
    [deviceUuid, locale.value],
  );
  return row ? ok({ deviceUuid: deviceUuid.toLowerCase(), platform: row.platform, locale: row.locale }) : notFound('device not found');
}
