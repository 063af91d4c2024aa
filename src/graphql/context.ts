import type { Db } from '../db/database.ts';
import type { SqlClient } from '../db/sql.ts';
import type { LoginThrottle } from '../domain/accounts/login-throttle.ts';
import type { Caller } from '../domain/api-keys/service.ts';
import type { NotifyDeps } from '../domain/broadcasts/service.ts';
import type { Result } from '../domain/errors.ts';
import type { SessionCookies } from '../http/session-cookie.ts';
import type { WebhookSettings } from '../domain/webhooks/settings.ts';
import type { InvitationSettings } from '../domain/organizations/invitations.ts';
import type { DeviceSettings } from '../domain/devices/service.ts';

/** What every resolver receives. Built per request by the yoga app (src/http/app.ts). */
export interface Context {
  db: Db;
  /** Plain SQL on the same database, for the hot multi-row writes (see src/db/sql.ts). */
  sql: SqlClient;
  /** The caller's address as the rate limits see it (see src/http/client-ip.ts). */
  clientIp: string;
  /** The organization behind `Authorization: Bearer <API key>`; undefined when the header is absent. */
  caller: Result<Caller> | undefined;
  notifications: NotifyDeps;
  /** WEBHOOK_SECRET_KEY and WEBHOOKS_ALLOW_PRIVATE, for managing endpoints. */
  webhooks: WebhookSettings;
  /** How browsers' subscriptions are checked, and the VAPID public key they subscribe with (absent: Web Push is off). */
  devices: DeviceSettings & { webPushPublicKey?: string };
  /** The dashboard's URL for invitation links, and the mailer when SMTP_URL is set. */
  invitations: InvitationSettings;
  /** The signed-in dashboard user (session cookie), or null. */
  viewer: { id: string; email: string } | null;
  session: SessionCookies;
  /** Counts failed log-ins per e-mail and per IP; absent when the throttle is off. */
  loginThrottle?: LoginThrottle;
}
