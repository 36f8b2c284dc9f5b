/**
 * Firebase Cloud Messaging HTTP v1: `POST {base}/v1/projects/{projectId}/messages:send` with a
 * bearer token; the base URL and the access token come from the configuration (FCM_BASE_URL,
 * FCM_ACCESS_TOKEN), so tests point it at a local stand-in. The answers, as FCM documents them: an
 * error body `{ error: { code, status, details: [{ errorCode }] } }`; `UNREGISTERED` (404) and
 * `INVALID_ARGUMENT` (400) about the token mean a dead token; 429 and 5xx are retried, honouring
 * `Retry-After`.
 */
import type { PushOutcome, PushPayload, PushProvider, PushTarget } from './provider.js';

export interface FcmOptions {
  readonly baseUrl: string;
  readonly accessToken: string;
}

const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT']);

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The FCM error code of an error body (`details[].errorCode`, else `error.status`). */
export function fcmErrorCode(body: unknown): string | undefined {
  const error = (body as { error?: { status?: unknown; details?: unknown } } | null)?.error;
  if (!error) return undefined;
  const details = Array.isArray(error.details) ? (error.details as { errorCode?: unknown }[]) : [];
  const fromDetails = details.find((d) => typeof d?.errorCode === 'string')?.errorCode;
  if (typeof fromDetails === 'string') return fromDetails;
  return typeof error.status === 'string' ? error.status : undefined;
}

/** What an FCM answer comes to. */
export function classifyFcmAnswer(
  status: number,
  errorCode: string | undefined,
  retryAfter?: number,
): PushOutcome {
  const code = errorCode ? `${status} ${errorCode}` : String(status);
  if (status >= 200 && status < 300) return { kind: 'delivered', code };
  if ((status === 404 || status === 400) && errorCode && DEAD_TOKEN_CODES.has(errorCode))
    return { kind: 'dead-token', code };
  if (status === 429 || status >= 500)
    return retryAfter === undefined
      ? { kind: 'retryable', code }
      : { kind: 'retryable', code, retryAfterMs: retryAfter };
  return { kind: 'failed', code };
}

export function fcmProvider(options: FcmOptions): PushProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async send(target: PushTarget, payload: PushPayload, timeoutMs: number): Promise<PushOutcome> {
      if (options.accessToken === '') return { kind: 'failed', code: 'unconfigured' };
      const url = `${base}/v1/projects/${encodeURIComponent(target.projectId)}/messages:send`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' },
          // FCM data values are strings.
          body: JSON.stringify({ message: { token: target.token, data: { ...payload } } }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return { kind: 'retryable', code: 'network' };
      }
      const body: unknown = await response.json().catch(() => null);
      return classifyFcmAnswer(
        response.status,
        response.ok ? undefined : fcmErrorCode(body),
        retryAfterMs(response.headers.get('retry-after')),
      );
    },
  };
}
