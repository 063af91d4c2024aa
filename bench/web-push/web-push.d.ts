// The part of the web-push library (3.6.7, a devDependency for this benchmark only) that bench/web-push uses:
// it ships no types.
declare module 'web-push' {
  import type { Agent } from 'node:https';

  export interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    agent?: Agent;
    timeout?: number;
  }

  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }

  export function sendNotification(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): Promise<{ statusCode: number; body: string }>;

  const webpush: { sendNotification: typeof sendNotification };
  export default webpush;
}
