/**
 * "Try the code flow as a newcomer": the demo data's third-party app signs a demo person
 * in with the code flow, and `npm run demo:code-flow` (scripts/demo-code-flow.mjs) runs the whole
 * flow against the stack while the test plays the person in the browser.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@ncs/local-infra';
import { baseUrl, call, demo, type TokenPair } from '../../support/api.js';
import { authorizeUrl, browse, formToken, newApp, signIn } from '../../support/factories/apps.js';
import { closeFactories, installApp, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

const script = fileURLToPath(new URL('../../../scripts/demo-code-flow.mjs', import.meta.url));

/** The demo data's third-party app (auth's DEMO_APP_* defaults). */
const demoApp = {
  clientId: '65d0c0de0000000000000001',
  secret: 'demo-app-secret',
  redirectUri: 'http://127.0.0.1:8765/callback',
};

describe('the demo data', () => {
  it('has a third-party app installed in acme that signs alice in with the code flow and PKCE', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const login = await browse(
      authorizeUrl({
        client_id: demoApp.clientId,
        redirect_uri: demoApp.redirectUri,
        scope: 'profile.basic.read',
        state: 'demo-state',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        network: 'acme',
      }),
    );
    expect(login.status, login.html).toBe(200);
    const consent = await browse('/auth', {
      form_token: formToken(login),
      action: 'login',
      email: demo.alice,
      password: demo.password,
    });
    expect(consent.status, consent.html).toBe(200);
    const done = await browse('/auth', { form_token: formToken(consent), action: 'accept' });
    expect(done.status, done.html).toBe(303);
    expect(`${done.location!.origin}${done.location!.pathname}`).toBe(demoApp.redirectUri);
    expect(done.location!.searchParams.get('state')).toBe('demo-state');

    const token = await call<TokenPair>('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'authorization_code',
        code: done.location!.searchParams.get('code')!,
        redirect_uri: demoApp.redirectUri,
        client_id: demoApp.clientId,
        client_secret: demoApp.secret,
        code_verifier: verifier,
      },
    });
    expect(token.status, token.text).toBe(200);
    const whoami = await call<{ email: string }>('/whoami/', { token: token.body.access_token });
    expect(whoami.status, whoami.text).toBe(200);
    expect(whoami.body.email).toBe(demo.alice);
  });
});

interface Run {
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  /** Ends the script (this one child) if it still runs. */
  stop(): void;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
}

function runScript(args: string[]): Run {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    waiters.forEach((wake) => wake());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) resolve(match);
        };
        waiters.push(check);
        check();
        void exited.then(() => reject(new Error(`the script exited before ${pattern}: ${output}`)));
      }),
  };
}

describe('npm run demo:code-flow', () => {
  it('prints the consent URL, receives the code, exchanges it and calls whoami', async () => {
    const port = await findFreePort();
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const network = await newNetwork('Code flow demo');
    const person = await network.newMember();
    const app = await newApp({ name: 'Demo script app', redirectUris: [redirectUri] });
    await installApp(network.networkEID, app.clientId);

    const run = runScript([
      '--base-url',
      baseUrl(),
      '--port',
      String(port),
      '--client-id',
      app.clientId,
      '--client-secret',
      app.secret,
      '--network',
      network.subdomain,
      '--timeout',
      '60',
      '--no-open',
    ]);
    try {
      const [consentUrl] = await run.waitFor(/http\S+\/auth\?\S+/);
      const url = new URL(consentUrl);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
      expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/);

      // The person: the consent page, sign in, accept; the browser follows the redirect.
      const consent = await signIn(await browse(consentUrl), person);
      const done = await browse('/auth', { form_token: formToken(consent), action: 'accept' });
      expect(done.status, done.html).toBe(303);
      expect(done.location!.href.startsWith(`${redirectUri}?`)).toBe(true);
      const landing = await fetch(done.location!);
      expect(landing.status).toBe(200);

      expect(await run.exited, run.output()).toBe(0);
      const output = run.output();
      expect(output).toContain('POST /oauth/v2/token -> 200');
      expect(output).toContain('GET /whoami/ -> 200');
      expect(output).toContain(`"email": "${person.email}"`);
      // Tokens are shown cut to a prefix only.
      expect(output).toMatch(/"access_token": "[^"]{6}… \(\d+ chars\)"/);
    } finally {
      run.stop();
    }
  }, 90_000);

  it('refuses a redirect with a wrong state and exits on its timeout', async () => {
    const port = await findFreePort();
    const run = runScript(['--base-url', baseUrl(), '--port', String(port), '--timeout', '2', '--no-open']);
    try {
      await run.waitFor(/\/auth\?/);
      const forged = await fetch(`http://127.0.0.1:${port}/callback?code=x&state=forged`);
      expect(forged.status).toBe(400);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('wrong state');
      expect(run.output()).toContain('no redirect within 2 s');
    } finally {
      run.stop();
    }
  }, 30_000);
});
