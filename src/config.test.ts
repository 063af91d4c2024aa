import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { ConfigError, loadConfig } from './config.ts';
import { generateVapidKeys } from './webpush/vapid-keys.ts';

describe('loadConfig', () => {
  it('has defaults that run Clarion on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, databaseUrl: undefined, redisUrl: undefined, trustProxy: false, deviceRegistrationsPerMinute: 30, maxBodyBytes: 262144, production: false });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('sizes the fan-out to a cgroup\'s CPU limit: whole CPUs for workers, one shard run each below a CPU a worker', () => {
    const cpus = os.availableParallelism();
    expect(loadConfig({}, { cpuQuota: null })).toMatchObject({ fanoutWorkers: Math.min(cpus, 8), fanoutShardRuns: 2 });
    expect(loadConfig({}, { cpuQuota: 0.5 })).toMatchObject({ fanoutWorkers: 1, fanoutShardRuns: 1 });
    expect(loadConfig({}, { cpuQuota: 1.5 })).toMatchObject({ fanoutWorkers: 1, fanoutShardRuns: 2 });
    expect(loadConfig({}, { cpuQuota: 64 })).toMatchObject({ fanoutWorkers: Math.min(cpus, 8), fanoutShardRuns: 2 });
    expect(loadConfig({ FANOUT_WORKERS: '8' }, { cpuQuota: 2 })).toMatchObject({ fanoutWorkers: 8, fanoutShardRuns: 1 });
    expect(loadConfig({ FANOUT_WORKERS: '0' }, { cpuQuota: 0.25 })).toMatchObject({ fanoutWorkers: 0, fanoutShardRuns: 1 });
    expect(loadConfig({ FANOUT_SHARD_RUNS: '3' }, { cpuQuota: 0.5 })).toMatchObject({ fanoutWorkers: 1, fanoutShardRuns: 3 });
    // `clarion worker`: one process with the limit to itself, whatever FANOUT_WORKERS the instances share.
    expect(loadConfig({ FANOUT_WORKERS: '8' }, { cpuQuota: 2, sendingProcesses: 1 })).toMatchObject({ fanoutShardRuns: 2 });
    expect(loadConfig({ FANOUT_WORKERS: '8' }, { cpuQuota: 0.5, sendingProcesses: 1 })).toMatchObject({ fanoutShardRuns: 1 });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({ HOST: '0.0.0.0', PORT: '8080', NODE_ENV: 'production', DATABASE_URL: 'postgresql://u:p@db/clarion', DATA_DIR: '/var/lib/clarion', REDIS_URL: 'rediss://cache:6380', TRUST_PROXY: '2', DEVICE_REGISTRATIONS_PER_MINUTE: '0', MAX_BODY_BYTES: '4096', LOG_LEVEL: 'warn' }),
    ).toMatchObject({ host: '0.0.0.0', port: 8080, production: true, databaseUrl: 'postgresql://u:p@db/clarion', dataDir: '/var/lib/clarion', redisUrl: 'rediss://cache:6380', trustProxy: 2, deviceRegistrationsPerMinute: 0, maxBodyBytes: 4096, logLevel: 'warn' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('reports all bad variables together', () => {
    const attempt = () => loadConfig({ PORT: '70000', REDIS_URL: 'http://x', MAX_BODY_BYTES: '12', DEVICE_REGISTRATIONS_PER_MINUTE: '-1' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PORT must be an integer from 0 to 65535 (got "70000")',
        'REDIS_URL must be a URL starting with redis:// or rediss://',
        'DEVICE_REGISTRATIONS_PER_MINUTE must be an integer from 0 to 9007199254740991 (got "-1")',
        'MAX_BODY_BYTES must be an integer from 1024 to 9007199254740991 (got "12")',
      ]);
    }
  });

  it('takes a metrics token of 16 visible characters or more, and refuses an empty or short one in one line', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' })).toMatchObject({ metricsToken: 'a'.repeat(16), metricsPort: 9464 });
    for (const token of ['', 'short', 'sixteen but has spaces']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/^Invalid configuration: METRICS_TOKEN must be at least 16 visible characters without spaces, e\.g\. openssl rand -hex 32 \(got \d+ characters\)$/);
    }
  });

  it('takes WEBHOOK_SECRET_KEY as 32 bytes in hex or base64, and refuses anything else in one line without repeating it', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({})).toMatchObject({ webhookSecretKey: undefined, webhooksAllowPrivate: false });
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) expect(loadConfig({ WEBHOOK_SECRET_KEY: text }).webhookSecretKey).toEqual(key);
    for (const text of ['secret', key.toString('hex').slice(2), Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64')]) {
      expect(() => loadConfig({ WEBHOOK_SECRET_KEY: text })).toThrow(/^Invalid configuration: WEBHOOK_SECRET_KEY must be 32 bytes, as 64 hex digits or base64, e\.g\. openssl rand -base64 32 \(got \d+ characters\)$/);
    }
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOKS_ALLOW_PRIVATE must be true or false/);
  });

  it('turns GraphiQL on only with GRAPHIQL=on', () => {
    expect(loadConfig({}).graphiql).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).graphiql).toBe(false);
    expect(loadConfig({ GRAPHIQL: 'off' }).graphiql).toBe(false);
    expect(loadConfig({ GRAPHIQL: 'on', NODE_ENV: 'production' }).graphiql).toBe(true);
    expect(() => loadConfig({ GRAPHIQL: 'yes' })).toThrow(/GRAPHIQL must be on or off \(got "yes"\)/);
  });

  it('refuses "*" and empty entries in DASHBOARD_ORIGINS with one line each', () => {
    const problems = (value: string) => {
      try {
        return loadConfig({ DASHBOARD_ORIGINS: value }).dashboardOrigins;
      } catch (error) {
        expect((error as ConfigError).message).not.toContain('\n');
        return (error as ConfigError).problems;
      }
    };
    for (const value of ['*', 'https://a.example,*', 'https://*.example.com']) expect(problems(value)).toEqual([expect.stringMatching(/^DASHBOARD_ORIGINS .*"\*" is not allowed/)]);
    for (const value of ['', ' ', 'https://a.example,', 'https://a.example,,https://b.example']) expect(problems(value)).toEqual([expect.stringMatching(/^DASHBOARD_ORIGINS has an empty entry/)]);
    expect(problems(' https://a.example , https://b.example:8443')).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(loadConfig({ DASHBOARD_PORT: '4001' }).dashboardOrigins).toEqual(['http://127.0.0.1:4001', 'http://localhost:4001']);
  });

  it('accepts only a P-256 private key as the APNs provider key', () => {
    const apns = (key: string) => ({ APNS_TEAM_ID: 'TEAM123456', APNS_KEY_ID: 'KEY1234567', APNS_TOPIC: 'dev.example.app', APNS_PRIVATE_KEY: key });
    const pem = (type: 'ec' | 'rsa', options: object) => (generateKeyPairSync as (t: string, o: object) => { privateKey: KeyObject })(type, options).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(loadConfig(apns(pem('ec', { namedCurve: 'P-256' }))).apns?.teamId).toBe('TEAM123456');
    const problems = (key: string) => {
      try {
        loadConfig(apns(key));
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems('-----BEGIN PRIVATE KEY-----\nnot base64 at all\n-----END PRIVATE KEY-----')).toEqual([expect.stringMatching(/^APNS_PRIVATE_KEY is not a private key in PEM form/)]);
    expect(problems(pem('ec', { namedCurve: 'P-384' }))).toEqual([expect.stringMatching(/^APNS_PRIVATE_KEY is an ec secp384r1 key; APNs needs the P-256/)]);
    expect(problems(pem('rsa', { modulusLength: 2048 }))).toEqual([expect.stringMatching(/^APNS_PRIVATE_KEY is an rsa key/)]);
  });

  it('reads the Android and browser platforms\' variables, and reports each bad one without repeating a secret', () => {
    const keys = generateVapidKeys();
    const fcm = JSON.stringify({ type: 'service_account', project_id: 'news', client_email: 'clarion@news.iam.gserviceaccount.com', private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: 'https://oauth2.googleapis.com/token' });
    expect(loadConfig({ FCM_CREDENTIALS: fcm, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@news.example', WEB_PUSH_HOSTS: 'push.example, *.push.example', WEB_PUSH_ALLOW_PRIVATE: 'false' })).toMatchObject({
      fcmCredentials: fcm, fcmUrl: 'https://fcm.googleapis.com', vapid: keys, vapidSubject: 'mailto:ops@news.example', webPushHosts: ['push.example', '*.push.example'], webPushAllowPrivate: false,
    });
    const other = generateVapidKeys();
    let problems: string[] = [];
    try {
      loadConfig({ FCM_CREDENTIALS: '{"private_key": "-----BEGIN', FCM_URL: 'http://fcm.local', VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'ops', WEB_PUSH_ALLOW_PRIVATE: 'yes' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^FCM_CREDENTIALS: the FCM service account is not JSON/),
      'FCM_URL must be a URL starting with https://',
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
      'WEB_PUSH_ALLOW_PRIVATE must be true or false (got "yes")',
      expect.stringMatching(/^VAPID_SUBJECT must be a mailto: address or an https: URL/),
    ]);
    expect(problems.join('\n')).not.toContain(keys.privateKey);
    expect(loadConfig({}).vapid).toBeUndefined();
  });
});
