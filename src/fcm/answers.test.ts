import { describe, expect, it } from 'vitest';
import { classifyAnswer, retryAfterMs, settingOf } from './answers.ts';
import { badRequest, fcmError, rpcError, UNAUTHENTICATED } from './simulator-checks.ts';

const body = (answer: { body: unknown }) => JSON.stringify(answer.body);
const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

describe('classifyAnswer', () => {
  it('404 UNREGISTERED is dead; a 404 without it writes nobody off', () => {
    expect(classifyAnswer(404, body(fcmError('UNREGISTERED')))).toEqual({ kind: 'dead', reason: 'UNREGISTERED' });
    expect(classifyAnswer(404, '<html>Not Found</html>')).toEqual({ kind: 'setting', reason: 'HTTP404' });
    expect(settingOf('HTTP404')).toBe('FCM_URL');
  });

  it('an invalid registration token is kind token (the breaker decides), with or without a field violation', () => {
    expect(classifyAnswer(400, body(fcmError('INVALID_ARGUMENT')))).toEqual({ kind: 'token', reason: 'INVALID_ARGUMENT' });
    expect(classifyAnswer(400, body(badRequest('message.token', 'The registration token is not a valid FCM registration token')))).toMatchObject({ kind: 'token' });
    expect(settingOf('INVALID_ARGUMENT')).toBe('FCM_CREDENTIALS');
  });

  it('field violations of our message are refused', () => {
    expect(classifyAnswer(400, body(badRequest('message.android.ttl', "Invalid value at 'message.android.ttl'")))).toEqual({ kind: 'refused', reason: 'INVALID_ARGUMENT' });
  });

  it('403 SENDER_ID_MISMATCH is kind token blaming the FCM project; another 403 is a setting', () => {
    expect(classifyAnswer(403, body(fcmError('SENDER_ID_MISMATCH')))).toEqual({ kind: 'token', reason: 'SENDER_ID_MISMATCH' });
    expect(settingOf('SENDER_ID_MISMATCH')).toBe('FCM_CREDENTIALS');
    expect(classifyAnswer(403, body(rpcError(403, 'PERMISSION_DENIED', 'denied')))).toEqual({ kind: 'setting', reason: 'PERMISSION_DENIED' });
  });

  it('401 UNAUTHENTICATED and THIRD_PARTY_AUTH_ERROR are settings', () => {
    expect(classifyAnswer(401, body(UNAUTHENTICATED))).toEqual({ kind: 'setting', reason: 'UNAUTHENTICATED' });
    expect(classifyAnswer(401, body(fcmError('THIRD_PARTY_AUTH_ERROR')))).toEqual({ kind: 'setting', reason: 'THIRD_PARTY_AUTH_ERROR' });
  });

  it('429 waits as Retry-After says (seconds or a date), else Google\'s minute', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(classifyAnswer(429, body(fcmError('QUOTA_EXCEEDED')), '7')).toEqual({ kind: 'retry', reason: 'QUOTA_EXCEEDED', retryAfterMs: 7000 });
    expect(classifyAnswer(429, body(fcmError('QUOTA_EXCEEDED')))).toEqual({ kind: 'retry', reason: 'QUOTA_EXCEEDED', retryAfterMs: 60_000 });
    expect(classifyAnswer(429, JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }), new Date(now + 30_000).toUTCString(), now)).toEqual({ kind: 'retry', reason: 'RESOURCE_EXHAUSTED', retryAfterMs: 30_000 });
  });

  it('500 and 503 are retry, with retryAfterMs only when said; an empty body gives HTTP<status>', () => {
    expect(classifyAnswer(503, body(fcmError('UNAVAILABLE')))).toEqual({ kind: 'retry', reason: 'UNAVAILABLE' });
    expect(classifyAnswer(503, body(fcmError('UNAVAILABLE')), '3')).toEqual({ kind: 'retry', reason: 'UNAVAILABLE', retryAfterMs: 3000 });
    expect(classifyAnswer(500, JSON.stringify({ error: { code: 500, status: 'INTERNAL', details: [{ '@type': FCM_ERROR, errorCode: 'INTERNAL' }] } }))).toEqual({ kind: 'retry', reason: 'INTERNAL' });
    expect(classifyAnswer(502, '')).toEqual({ kind: 'retry', reason: 'HTTP502' });
  });

  it('reads Retry-After leniently', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(' 2 ')).toBe(2000);
  });
});
