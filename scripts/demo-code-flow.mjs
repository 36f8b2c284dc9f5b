// `npm run demo:code-flow`: the OAuth authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636)
// as a third-party app would run it, against a running stack (`npm start`). It listens on the
// app's redirect URI on this machine, prints the consent page URL to open in a browser, receives
// the code, checks `state`, exchanges the code with the PKCE verifier, prints the token response
// (tokens cut to a prefix) and calls `GET /whoami/` with the access token. Never reads stdin; gives
// up after a timeout. Plain Node, no dependencies.
//
// Flags (each also from the environment, as the auth service's DEMO_APP_* settings):
//   --base-url      NCS_BASE_URL             default http://127.0.0.1:8080
//   --client-id     DEMO_APP_CLIENT_ID       default 65d0c0de0000000000000001
//   --client-secret DEMO_APP_CLIENT_SECRET   default demo-app-secret
//   --redirect-uri  DEMO_APP_REDIRECT_URI    default http://127.0.0.1:<port>/callback
//   --port                                   default 8765 (when no redirect URI is given)
//   --network                                default acme (the network's subdomain)
//   --timeout       seconds                  default 300
//   --no-open       do not try to open a browser
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'redirect-uri': { type: 'string' },
    port: { type: 'string' },
    network: { type: 'string' },
    timeout: { type: 'string' },
    'no-open': { type: 'boolean', default: false },
  },
});

const env = process.env;
const baseUrl = (flags['base-url'] ?? env.NCS_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const clientId = flags['client-id'] ?? env.DEMO_APP_CLIENT_ID ?? '65d0c0de0000000000000001';
const clientSecret = flags['client-secret'] ?? env.DEMO_APP_CLIENT_SECRET ?? 'demo-app-secret';
const redirectUri =
  flags['redirect-uri'] ??
  (flags.port ? undefined : env.DEMO_APP_REDIRECT_URI) ??
  `http://127.0.0.1:${flags.port ?? '8765'}/callback`;
const network = flags.network ?? 'acme';
const timeoutSeconds = Number(flags.timeout ?? '300');

const base64url = (buffer) => buffer.toString('base64url');
const redact = (token) =>
  typeof token === 'string' ? `${token.slice(0, 6)}… (${token.length} chars)` : token;

function fail(message) {
  console.error(`demo:code-flow: ${message}`);
  process.exit(1);
}

/** Opens `url` in a browser where one is likely available; never required. */
function tryToOpen(url) {
  const command =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : env.DISPLAY || env.WAYLAND_DISPLAY
          ? ['xdg-open', [url]]
          : undefined;
  if (!command) return;
  try {
    const child = spawn(command[0], command[1], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No browser: the printed URL is enough.
  }
}

function page(response, status, text) {
  response
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    .end(`${text}\n`);
}

async function exchange(code, verifier) {
  const response = await fetch(`${baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.json().catch(() => ({}));
  console.log(`POST /oauth/v2/token -> ${response.status}`);
  console.log(
    JSON.stringify(
      { ...body, access_token: redact(body.access_token), refresh_token: redact(body.refresh_token) },
      null,
      2,
    ),
  );
  if (response.status !== 200 || typeof body.access_token !== 'string') fail('the code exchange failed');
  return body.access_token;
}

async function whoami(accessToken) {
  const response = await fetch(`${baseUrl}/whoami/`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.json().catch(() => ({}));
  console.log(`GET /whoami/ -> ${response.status}`);
  const shown = { ...body };
  delete shown._links;
  console.log(JSON.stringify(shown, null, 2));
  if (response.status !== 200) fail('GET /whoami/ failed');
}

async function main() {
  if (!(timeoutSeconds > 0 && timeoutSeconds <= 3600)) fail(`--timeout must be 1..3600 seconds`);
  const redirect = new URL(redirectUri);
  if (redirect.protocol !== 'http:') fail(`the redirect URI must be http:// on this machine: ${redirectUri}`);
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const state = base64url(randomBytes(16));

  const received = new Promise((resolve) => {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', redirectUri);
      if (url.pathname !== redirect.pathname) return page(response, 404, 'Not the redirect URI.');
      const error = url.searchParams.get('error');
      if (error) {
        page(response, 400, `The authorization failed: ${error}. You can close this window.`);
        return fail(
          `the authorization server answered ${error}: ${url.searchParams.get('error_description') ?? ''}`,
        );
      }
      if (url.searchParams.get('state') !== state) {
        page(response, 400, 'The state does not match: ignored.');
        return console.error('demo:code-flow: a redirect with a wrong state was ignored');
      }
      const code = url.searchParams.get('code');
      if (!code) return page(response, 400, 'No code in the redirect.');
      page(response, 200, 'Signed in: the demo app received the code. You can close this window.');
      server.close();
      resolve(code);
    });
    server.on('error', (error) => fail(`cannot listen on ${redirect.host}: ${error.message}`));
    const hostname = redirect.hostname.replace(/^\[|\]$/g, '');
    server.listen(Number(redirect.port || 80), hostname, () => {
      const consent = new URL('/auth', `${baseUrl}/`);
      consent.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: 'profile.basic.read',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        network,
      }).toString();
      console.log(`Listening for the redirect on ${redirectUri} (for ${timeoutSeconds} s).`);
      console.log(
        'Open this URL in a browser, sign in (e.g. alice@acme.example / demo-pass-123) and accept:',
      );
      console.log(`  ${consent.href}`);
      if (!flags['no-open']) tryToOpen(consent.href);
    });
  });

  const timer = setTimeout(() => fail(`no redirect within ${timeoutSeconds} s`), timeoutSeconds * 1000);
  const code = await received;
  console.log('Received the code; the state matches.');
  const accessToken = await exchange(code, verifier);
  await whoami(accessToken);
  clearTimeout(timer);
  console.log('Done: the code flow with PKCE worked end to end.');
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
