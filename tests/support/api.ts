/**
 * HTTP helpers for end-to-end tests: every call goes over real HTTP to the started gateway.
 */
import type { Static } from '@sinclair/typebox';
import {} from 'vitest';
import type { Problem, WhoamiResource } from '@ncs/contracts';
import { stack } from './stack.js';

export const LATEST = '2026.1.13';
export const mediaType = (version = LATEST) => `application/vnd.ncs.api-v${version}+json+hal`;

export interface ApiResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface CallOptions {
  readonly method?: string;
  readonly token?: string;
  readonly accept?: string | null;
  readonly json?: unknown;
  readonly form?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly rawBody?: string;
}

export function baseUrl(): string {
  return stack().baseUrl;
}

export async function call<T = Record<string, unknown>>(
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.accept !== null) headers.accept = options.accept ?? mediaType();
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export const demo = {
  password: 'demo-pass-123',
  clientId: 'ncs-demo-app',
  clientSecret: 'demo-secret',
  alice: 'alice@acme.example',
  bob: 'bob@acme.example',
  gina: 'gina@globex.example',
} as const;

/** An RFC 9457 problem as every JSON error is answered, typed from contracts' schema. */
export type { Problem };

export interface TokenPair {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly token_type: string;
  readonly expires_in: number;
}

export function passwordGrant(
  username: string,
  password: string = demo.password,
  extra: Record<string, string> = {},
) {
  return call<TokenPair & { error?: string; error_description?: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: {
      grant_type: 'password',
      username,
      password,
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      ...extra,
    },
  });
}

export async function tokenFor(username: string, password: string = demo.password): Promise<string> {
  const response = await passwordGrant(username, password);
  if (response.status !== 200) throw new Error(`token for ${username}: ${response.status} ${response.text}`);
  return response.body.access_token;
}

/** `GET /whoami/`, typed from contracts' schema. */
export type WhoamiBody = Static<typeof WhoamiResource>;

/** The caller's network by subdomain, with the caller's profile in it. */
export async function networkOf(
  token: string,
  subdomain: string,
): Promise<{ networkEID: string; profileEID: string }> {
  const whoami = await call<WhoamiBody>('/whoami/', { token });
  const network = whoami.body.networks.find((n) => n.subdomain === subdomain);
  // A user's whoami always has `_user`; only an app's (no profile) leaves it out.
  if (!network?._user) throw new Error(`no network ${subdomain} in whoami: ${whoami.text}`);
  return { networkEID: network.EID, profileEID: network._user.profile.EID };
}
