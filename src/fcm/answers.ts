// What FCM's answers mean for the fan-out (the kinds of src/fanout/platform.ts), per
// ../shared/notes/platforms.md. Google's errors are {"error": {code, message, status, details}}; the FCM code is in
// the FcmError detail (errorCode), falling back to `status`.
// https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode
import type { FailureKind } from '../fanout/platform.ts';

export interface FcmVerdict {
  kind: FailureKind;
  /** The FCM error code (UNREGISTERED, QUOTA_EXCEEDED...), or HTTP<status> when the answer names none. */
  reason: string;
  retryAfterMs?: number;
}

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const INVALID_TOKEN = /not a valid FCM registration token/i;

/** Google asks for at least a minute before the first retry of a rate-limited message. */
export const QUOTA_RETRY_MS = 60_000;

const SETTING_ADVICE: Record<string, string> = {
  FCM_CREDENTIALS:
    'FCM_CREDENTIALS (or FCM_CREDENTIALS_PATH) must be a service account key of the Firebase project your Android app registers its tokens with, its key not deleted, with permission to send messages (Firebase Cloud Messaging API enabled)',
  FCM_APNS: "the APNs key or certificate (or web push key) uploaded in the Firebase project's Cloud Messaging settings must be valid",
  FCM_URL: 'FCM_URL must be https://fcm.googleapis.com (or a proxy that forwards to it)',
};

/** The setting each reason that may blame one blames. */
const SETTING_OF: Record<string, string> = {
  INVALID_ARGUMENT: 'FCM_CREDENTIALS',
  SENDER_ID_MISMATCH: 'FCM_CREDENTIALS',
  UNAUTHENTICATED: 'FCM_CREDENTIALS',
  PERMISSION_DENIED: 'FCM_CREDENTIALS',
  TOKEN_REFUSED: 'FCM_CREDENTIALS',
  THIRD_PARTY_AUTH_ERROR: 'FCM_APNS',
  HTTP404: 'FCM_URL',
};

export const settingOf = (reason: string): string | undefined => SETTING_OF[reason];
export const adviceFor = (setting: string) => SETTING_ADVICE[setting] ?? `check ${setting}`;

/** Retry-After in ms, from delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value?.trim()) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

interface GoogleError {
  code?: string;
  message: string;
  /** A BadRequest detail names fields of our message, or its token. */
  violations?: { field?: string; description?: string }[];
}

function readError(body: string | Buffer | undefined): GoogleError {
  try {
    const error = JSON.parse(String(body ?? '')).error;
    if (typeof error !== 'object' || error === null) return { message: '' };
    const details: Record<string, unknown>[] = Array.isArray(error.details) ? error.details.filter((d: unknown) => typeof d === 'object' && d !== null) : [];
    const fcm = details.find((d) => d['@type'] === FCM_ERROR)?.errorCode;
    const violations = details.find((d) => d['@type'] === BAD_REQUEST)?.fieldViolations;
    return {
      code: typeof fcm === 'string' ? fcm : typeof error.status === 'string' ? error.status : undefined,
      message: typeof error.message === 'string' ? error.message : '',
      violations: Array.isArray(violations) ? violations : undefined,
    };
  } catch {
    return { message: '' };
  }
}

/** The verdict on an answer other than 200: its status, body and Retry-After header. */
export function classifyAnswer(status: number, body: string | Buffer | undefined, retryAfter?: string | string[], now = Date.now()): FcmVerdict {
  const error = readError(body);
  const reason = error.code ?? `HTTP${status}`;
  const wait = retryAfterMs(retryAfter, now);
  if (status === 429 || reason === 'QUOTA_EXCEEDED' || reason === 'RESOURCE_EXHAUSTED') return { kind: 'retry', reason, retryAfterMs: wait ?? QUOTA_RETRY_MS };
  if (status >= 500) return wait === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, retryAfterMs: wait };
  // A 404 that names no UNREGISTERED (a proxy's, a wrong FCM_URL's) writes off nobody.
  if (reason === 'UNREGISTERED') return { kind: 'dead', reason };
  if (status === 404) return { kind: 'setting', reason: `HTTP404` };
  if (status === 401) return { kind: 'setting', reason };
  if (reason === 'SENDER_ID_MISMATCH') return { kind: 'token', reason };
  if (status === 403) return { kind: 'setting', reason };
  if (status === 400 && reason === 'INVALID_ARGUMENT' && isTokenRefused(error)) return { kind: 'token', reason };
  // Field violations of our message, too large, and the like: the message's fault, not the device's nor a setting's.
  return { kind: 'refused', reason };
}

/** Google's answer to a token it does not know: its message, or a violation of the field message.token. */
function isTokenRefused(error: GoogleError) {
  if (INVALID_TOKEN.test(error.message)) return true;
  return error.violations?.some((v) => v.field === 'message.token' || INVALID_TOKEN.test(String(v.description ?? ''))) ?? false;
}
