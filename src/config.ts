// Configuration is read from the environment once, at start, and passed into factories.
// Every bad variable is reported together, so an operator fixes them in one go.
import os from 'node:os';
import path from 'node:path';
import { apnsConfig, type ApnsConfig } from './config-apns.ts';
import { fcmCredentials, flag, vapid, webPushHosts } from './config-platforms.ts';
import { integer, oneOf, seconds, url, type Env } from './config-values.ts';
import { cpuQuota } from './cpu-quota.ts';
import { subjectProblem } from './webpush/vapid.ts';

export type TrustProxy = false | true | number;

export interface Config {
  host: string;
  port: number;
  production: boolean;
  /** GRAPHIQL=on: GraphiQL at GET /graphql on the API port, from the installed package. Off by default everywhere. */
  graphiql: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  /** POST /v1/devices per client IP per minute; 0 lifts the limit. */
  deviceRegistrationsPerMinute: number;
  /** POST /v1/devices/{deviceUuid}/subscriptions per client IP per minute; 0 lifts the limit. */
  subscriptionsPerMinute: number;
  /** POST /v1/devices/{deviceUuid}/opens per client IP per minute; 0 lifts the limit. */
  opensPerMinute: number;
  maxBodyBytes: number;
  shutdownTimeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** POST /v1/notify per API key per minute; 0 lifts the limit. */
  notifyPerMinute: number;
  /** How long POST /v1/notify waits for its broadcast before answering 202 "sending". */
  notifyWaitMs: number;
  fanoutConcurrency: number;
  fanoutPageSize: number;
  /** Devices per shard: a broadcast's audience is cut into shards, each one job a worker takes. */
  fanoutShardSize: number;
  /** Worker processes `npm start` runs next to the API; 0 sends from the API process itself. */
  fanoutWorkers: number;
  /** Shards one worker process sends at once. */
  fanoutShardRuns: number;
  /** How often an idle worker asks the job queue for shards; `npm start` wakes its own workers when it plans some. */
  fanoutPollSeconds: number;
  /** 0: `npm start`'s workers start with it and stay. Else they start when there is work and leave after this long without. */
  fanoutWorkerIdleSeconds: number;
  /** The app's bundle id, sent as apns-topic. */
  apnsTopic: string;
  /** Real APNs credentials; undefined runs the built-in local simulator. */
  apns: ApnsConfig | undefined;
  apnsConnections: number;
  /** Pushes in flight at once per process, across its broadcasts (APNS_MAX_IN_FLIGHT). */
  apnsMaxInFlight: number;
  /** APNS_TRANSPORT: frames (our own HTTP/2 framing, src/http2) or node (node:http2, the fallback). */
  apnsTransport: 'frames' | 'node';
  /** How long a push APNs cannot take for now (429, 5xx, outage) is tried again before it counts as failed. */
  apnsRetryWindowMs: number;
  /** FCM_CREDENTIALS or FCM_CREDENTIALS_PATH: the service-account key file's JSON (never logged); undefined runs the local FCM simulator. */
  fcmCredentials: string | undefined;
  /** FCM_URL: where FCM is reached (a stand-in in tests). */
  fcmUrl: string;
  /** FCM_MESSAGES_PER_MINUTE: the Firebase project's quota this instance may use; its sending processes share it. */
  fcmMessagesPerMinute: number;
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (base64url); undefined: made once in DATA_DIR on the embedded default, else Web Push is off. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: a mailto: or https: URL push services can reach the sender at. */
  vapidSubject: string;
  /** WEB_PUSH_HOSTS: the push services' hosts a browser's endpoint may be on. */
  webPushHosts: string[];
  /** WEB_PUSH_ALLOW_PRIVATE=true: any https endpoint, private and loopback addresses included (tests only). */
  webPushAllowPrivate: boolean;
  /** logIn and signUp per client IP per minute; 0 lifts the limit. */
  signInsPerMinute: number;
  /** Origins allowed to send cookie-authenticated GraphQL requests (the dashboard's). */
  dashboardOrigins: string[];
  /** The dashboard's own port (on HOST; 0 picks a free one); undefined when DASHBOARD=off. */
  dashboardPort: number | undefined;
  /**
   * Failed log-ins allowed per (e-mail, client address), and per client address, in each window; 0 lifts that limit.
   * Past 2 × loginFailuresPerEmail failures for one e-mail from all addresses, its attempts are spaced out
   * (src/domain/accounts/login-throttle.ts).
   */
  loginFailuresPerEmail: number;
  loginFailuresPerIp: number;
  loginFailureWindowMs: number;
  /** WEBHOOK_SECRET_KEY: encrypts webhook endpoints' signing secrets at rest (32 bytes); see src/domain/webhooks/key-file.ts. */
  webhookSecretKey: Buffer | undefined;
  /** Webhooks may go to http:// and to private, loopback and link-local addresses (tests, private networks). */
  webhooksAllowPrivate: boolean;
  /** GET /metrics needs `Authorization: Bearer <metricsToken>`; undefined: open. */
  metricsToken: string | undefined;
  /** `npx clarion worker` only: serve its /metrics on this port (0: any free one); undefined: not served. */
  metricsPort: number | undefined;
  /** DASHBOARD_URL: where people open the dashboard, for links in invitations; default the first DASHBOARD_ORIGINS entry. */
  dashboardUrl?: string;
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL): invitations are also e-mailed; undefined: links only. Never logged. */
  smtpUrl?: string;
  /** SMTP_FROM: the From of those e-mails. */
  smtpFrom?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem is one line; several are a list.
    super(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function trustProxy(env: Env, problems: string[]): TrustProxy {
  const raw = (env.TRUST_PROXY ?? 'false').trim().toLowerCase();
  if (raw === 'false' || raw === '0' || raw === '') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  problems.push(`TRUST_PROXY must be false, true, or the number of proxies in front of Clarion (got "${env.TRUST_PROXY}")`);
  return false;
}

/** Set, it must be a secret worth the name: an empty or short one would leave the metrics open in all but name. */
function metricsToken(env: Env, problems: string[]) {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) problems.push(`METRICS_TOKEN must be at least 16 visible characters without spaces, e.g. openssl rand -hex 32 (got ${raw.length} characters)`);
  return raw;
}

/** 32 bytes as 64 hex digits or as base64 (`openssl rand -base64 32`); undefined when it is neither. */
export function decodeWebhookSecretKey(raw: string): Buffer | undefined {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

function webhookSecretKey(env: Env, problems: string[]) {
  const raw = env.WEBHOOK_SECRET_KEY;
  if (raw === undefined || raw === '') return undefined;
  const key = decodeWebhookSecretKey(raw);
  // The value is a secret: its length helps, the value itself is never repeated.
  if (!key) problems.push(`WEBHOOK_SECRET_KEY must be 32 bytes, as 64 hex digits or base64, e.g. openssl rand -base64 32 (got ${raw.length} characters)`);
  return key;
}

function webhooksAllowPrivate(env: Env, problems: string[]) {
  const raw = (env.WEBHOOKS_ALLOW_PRIVATE ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  problems.push(`WEBHOOKS_ALLOW_PRIVATE must be true or false (got "${env.WEBHOOKS_ALLOW_PRIVATE}")`);
  return false;
}

/** Origins trusted with a signed-in session: never "*" (any site) and no empty entry (a stray comma or an empty value). */
function dashboardOrigins(raw: string, problems: string[]) {
  const origins = raw.split(',').map((o) => o.trim());
  if (origins.some((o) => o.includes('*'))) problems.push('DASHBOARD_ORIGINS must list origins such as https://dashboard.example.com; "*" is not allowed, as it would let any site act with a signed-in session');
  else if (origins.some((o) => !o)) problems.push(`DASHBOARD_ORIGINS has an empty entry (got "${raw}"); list origins separated by commas, e.g. https://dashboard.example.com`);
  return origins;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

export interface LoadOptions {
  /** The CPUs the process's cgroup allows (./cpu-quota.ts); null: no limit. Read from the system when absent. */
  cpuQuota?: number | null;
  /** The processes that send and share that limit; absent: the fan-out's workers (one, when FANOUT_WORKERS=0). */
  sendingProcesses?: number;
}

/** `clarion worker`'s configuration: one sending process, the CPU limit its own whatever FANOUT_WORKERS says. */
export const loadWorkerConfig = (env: Env = process.env) => loadConfig(env, { sendingProcesses: 1 });

export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = [];
  // Read only when a default needs it (both set: nothing is read).
  const needsQuota = !env.FANOUT_WORKERS || !env.FANOUT_SHARD_RUNS;
  const quota = options.cpuQuota === undefined ? (needsQuota ? cpuQuota() : undefined) : (options.cpuQuota ?? undefined);
  // A cgroup's CPU limit counts, not the machine's CPUs: its whole CPUs, at least one.
  const cpus = Math.min(os.availableParallelism(), quota === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(quota)));
  const fanoutWorkers = integer(env, 'FANOUT_WORKERS', Math.min(cpus, 8), problems, { min: 0, max: 64 });
  // Senders with less than a CPU each run one shard at a time: two in a held process each go at half speed, and
  // together slower than one (bench/README.md: at 0.1 CPU, 9,855 pushes/s with one run against 6,615 with two).
  const shardRuns = quota !== undefined && quota / (options.sendingProcesses ?? Math.max(1, fanoutWorkers)) < 1 ? 1 : 2;
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  const config: Config = {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 3000, problems, { max: 65535 }),
    production: env.NODE_ENV === 'production',
    graphiql: env.GRAPHIQL === 'on',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems),
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, problems, { min: 1, max: 1000 }),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems),
    trustProxy: trustProxy(env, problems),
    deviceRegistrationsPerMinute: integer(env, 'DEVICE_REGISTRATIONS_PER_MINUTE', 30, problems),
    subscriptionsPerMinute: integer(env, 'SUBSCRIPTIONS_PER_MINUTE', 60, problems),
    opensPerMinute: integer(env, 'OPENS_PER_MINUTE', 600, problems),
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 256 * 1024, problems, { min: 1024 }),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, problems),
    logLevel,
    notifyPerMinute: integer(env, 'NOTIFY_PER_MINUTE', 120, problems),
    notifyWaitMs: integer(env, 'NOTIFY_WAIT_MS', 10_000, problems),
    fanoutConcurrency: integer(env, 'FANOUT_CONCURRENCY', 1000, problems, { min: 1, max: 100_000 }),
    fanoutPageSize: integer(env, 'FANOUT_PAGE_SIZE', 1000, problems, { min: 1, max: 100_000 }),
    fanoutShardSize: integer(env, 'FANOUT_SHARD_SIZE', 10_000, problems, { min: 1, max: 10_000_000 }),
    // One per CPU (per whole CPU of a cgroup's limit), but at most 8 by default: each worker holds up to
    // 2 × FANOUT_SHARD_RUNS + 4 PostgreSQL connections, and PostgreSQL allows 100 unless told otherwise.
    fanoutWorkers,
    fanoutShardRuns: integer(env, 'FANOUT_SHARD_RUNS', shardRuns, problems, { min: 1, max: 64 }),
    fanoutPollSeconds: seconds(env, 'FANOUT_POLL_SECONDS', 2, problems),
    fanoutWorkerIdleSeconds: seconds(env, 'FANOUT_WORKER_IDLE_SECONDS', 60, problems, { min: 0, max: 86_400 }),
    apnsTopic: env.APNS_TOPIC || 'dev.clarion.simulator',
    apns: apnsConfig(env, problems),
    apnsConnections: integer(env, 'APNS_CONNECTIONS', 4, problems, { min: 1, max: 64 }),
    apnsMaxInFlight: integer(env, 'APNS_MAX_IN_FLIGHT', 2000, problems, { min: 1, max: 1_000_000 }),
    apnsTransport: oneOf(env, 'APNS_TRANSPORT', ['frames', 'node'] as const, 'frames', problems),
    apnsRetryWindowMs: integer(env, 'APNS_RETRY_WINDOW', 900, problems, { min: 0, max: 7 * 24 * 3600 }) * 1000,
    fcmCredentials: fcmCredentials(env, problems),
    fcmUrl: url(env, 'FCM_URL', ['https:'], problems) ?? 'https://fcm.googleapis.com',
    fcmMessagesPerMinute: integer(env, 'FCM_MESSAGES_PER_MINUTE', 600_000, problems, { min: 60, max: 100_000_000 }),
    vapid: vapid(env, problems),
    vapidSubject: env.VAPID_SUBJECT || 'mailto:clarion@localhost',
    webPushHosts: webPushHosts(env, problems),
    webPushAllowPrivate: flag(env, 'WEB_PUSH_ALLOW_PRIVATE', problems),
    signInsPerMinute: integer(env, 'SIGN_INS_PER_MINUTE', 10, problems),
    dashboardOrigins: [],
    dashboardPort: env.DASHBOARD === 'off' ? undefined : integer(env, 'DASHBOARD_PORT', 3001, problems, { max: 65535 }),
    loginFailuresPerEmail: integer(env, 'LOGIN_FAILURES_PER_EMAIL', 5, problems),
    loginFailuresPerIp: integer(env, 'LOGIN_FAILURES_PER_IP', 50, problems),
    loginFailureWindowMs: integer(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15, problems, { min: 1, max: 24 * 60 }) * 60_000,
    webhookSecretKey: webhookSecretKey(env, problems),
    webhooksAllowPrivate: webhooksAllowPrivate(env, problems),
    metricsToken: metricsToken(env, problems),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, problems, { max: 65535 }) : undefined,
  };
  const dashboardPort = config.dashboardPort ?? 3001;
  config.dashboardOrigins = dashboardOrigins(env.DASHBOARD_ORIGINS ?? `http://127.0.0.1:${dashboardPort},http://localhost:${dashboardPort}`, problems);
  config.dashboardUrl = (url(env, 'DASHBOARD_URL', ['http:', 'https:'], problems) ?? config.dashboardOrigins[0] ?? `http://127.0.0.1:${dashboardPort}`).replace(/\/+$/, '');
  config.smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems);
  config.smtpFrom = env.SMTP_FROM || 'Clarion <no-reply@localhost>';
  const subject = subjectProblem(config.vapidSubject);
  if (subject) problems.push(subject);
  if (env.DASHBOARD !== undefined && env.DASHBOARD !== 'on' && env.DASHBOARD !== 'off') problems.push(`DASHBOARD must be on or off (got "${env.DASHBOARD}")`);
  if (env.GRAPHIQL !== undefined && env.GRAPHIQL !== 'on' && env.GRAPHIQL !== 'off') problems.push(`GRAPHIQL must be on or off (got "${env.GRAPHIQL}")`);
  if (problems.length) throw new ConfigError(problems);
  return config;
}
