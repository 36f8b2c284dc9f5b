import { describe, expect, it } from 'vitest';
import { nextDelayMs } from './backoff.js';
import { classifyFcmAnswer, fcmErrorCode, retryAfterMs } from './fcm.js';

const policy = { baseMs: 100, maxMs: 1_000, maxAttempts: 4 };

describe('nextDelayMs', () => {
  it('doubles per attempt, with equal jitter', () => {
    expect(nextDelayMs(policy, 1, undefined, () => 0)).toBe(50);
    expect(nextDelayMs(policy, 1, undefined, () => 1)).toBe(100);
    expect(nextDelayMs(policy, 3, undefined, () => 1)).toBe(400);
  });
  it('is bounded by maxMs', () => {
    expect(nextDelayMs({ ...policy, maxAttempts: 10 }, 8, undefined, () => 1)).toBe(1_000);
  });
  it('honours Retry-After, bounded by maxMs', () => {
    expect(nextDelayMs(policy, 1, 700, () => 0)).toBe(700);
    expect(nextDelayMs(policy, 1, 60_000, () => 0)).toBe(1_000);
  });
  it('gives up after maxAttempts', () => {
    expect(nextDelayMs(policy, 4, undefined)).toBeNull();
  });
});

describe('FCM answers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
  it('reads the error code from details, else the status', () => {
    const details = [
      { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
    ];
    expect(fcmErrorCode({ error: { status: 'NOT_FOUND', details } })).toBe('UNREGISTERED');
    expect(fcmErrorCode({ error: { status: 'UNAVAILABLE' } })).toBe('UNAVAILABLE');
    expect(fcmErrorCode('nonsense')).toBeUndefined();
  });
  it('classifies: dead token, retryable, failed, delivered', () => {
    expect(classifyFcmAnswer(404, 'UNREGISTERED').kind).toBe('dead-token');
    expect(classifyFcmAnswer(400, 'INVALID_ARGUMENT').kind).toBe('dead-token');
    expect(classifyFcmAnswer(503, 'UNAVAILABLE')).toEqual({ kind: 'retryable', code: '503 UNAVAILABLE' });
    expect(classifyFcmAnswer(429, 'QUOTA_EXCEEDED', 1_000)).toEqual({
      kind: 'retryable',
      code: '429 QUOTA_EXCEEDED',
      retryAfterMs: 1_000,
    });
    expect(classifyFcmAnswer(401, 'THIRD_PARTY_AUTH_ERROR').kind).toBe('failed');
    expect(classifyFcmAnswer(200, undefined)).toEqual({ kind: 'delivered', code: '200' });
  });
});
