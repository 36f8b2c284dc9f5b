import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress, type DomainEvent } from '@ncs/contracts';
import { webhookPayloadOf } from './rules.js';
import { sendAttempt } from './sender.js';
import { newWebhookSecret, secretBox, signatureHeaders } from './signing.js';
import { nextDelayMs } from '../push/backoff.js';

const N = 'a'.repeat(24);
const G = 'b'.repeat(24);
const P = 'c'.repeat(24);
const event = (type: string, data: Record<string, unknown>): DomainEvent => ({
  id: 'd'.repeat(24),
  type,
  occurredAt: '2026-01-02T03:04:05.000Z',
  networkEID: N,
  actor: { type: 'user', EID: P },
  audience: { kind: 'network' },
  data,
});
const group = { type: 'group', EID: G, name: 'Ops', groupType: 'group', secretish: { deep: 1 } };

describe('webhook payloads', () => {
  it('maps a group event to {type, timestamp, data} with references and names only', () => {
    expect(webhookPayloadOf(event('auth.group.created', { group, parent: null }))).toEqual({
      type: 'group.created',
      timestamp: '2026-01-02T03:04:05.000+00:00', // the spec's form, whatever the event's
      data: {
        network: { type: 'network', EID: N },
        actor: { type: 'user', EID: P },
        group: { type: 'group', EID: G, name: 'Ops', groupType: 'group' },
      },
    });
  });

  it('never delivers a message body, a private message, an invitation or an event of no network', () => {
    const message = {
      type: 'update',
      EID: G,
      author: { type: 'user', EID: P },
      group: null,
      htmlBody: '<p>x</p>',
    };
    const created = webhookPayloadOf(event('messaging.message.created', { message }));
    expect(created?.data.message).toEqual({
      type: 'update',
      EID: G,
      author: { type: 'user', EID: P },
      group: null,
      profile: null,
    });
    expect(JSON.stringify(created)).not.toContain('htmlBody');
    const privateMessage = { ...message, type: 'private_message', recipients: [{ type: 'user', EID: P }] };
    expect(webhookPayloadOf(event('messaging.message.created', { message: privateMessage }))).toBeNull();
    const user = { type: 'user', EID: P };
    expect(webhookPayloadOf(event('auth.membership.added', { group, user, state: 'invited' }))).toBeNull();
    expect(
      webhookPayloadOf(event('auth.membership.added', { group, user, state: 'active', role: 'member' }))
        ?.data,
    ).toMatchObject({ user, role: 'member' });
    expect(webhookPayloadOf({ ...event('auth.group.created', { group }), networkEID: undefined })).toBeNull();
    expect(webhookPayloadOf(event('auth.token.revoked', { tokenHashes: ['x'] }))).toBeNull();
  });
});

describe('webhook signing', () => {
  it('signs as Standard Webhooks: the independent implementation verifies it', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'group.created', data: { a: 1 } });
    const headers = signatureHeaders(secret, 'msg_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('seals secrets: they open only for the same endpoint and key', () => {
    const box = secretBox(Buffer.alloc(32, 7).toString('base64'));
    const sealed = box.seal('whsec_abc', `${N}/${G}`);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, `${N}/${G}`)).toBe('whsec_abc');
    expect(() => box.open(sealed, `${N}/${P}`)).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8).toString('base64')).open(sealed, `${N}/${G}`)).toThrow();
  });
});

describe('webhook targets and retries', () => {
  it('refuses loopback, private, link-local and mapped private addresses; allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses, without connecting, a URL naming or resolving to a loopback address unless allowed', async () => {
    const options = { timeoutMs: 1_000, allowPrivate: false };
    for (const url of ['http://127.0.0.1:9/hook', 'http://[::1]:9/hook', 'http://localhost:9/hook']) {
      const result = await sendAttempt(url, {}, '{}', options);
      expect(result, url).toMatchObject({ statusCode: null, error: 'refused: private or loopback address' });
    }
    const allowed = await sendAttempt('http://127.0.0.1:9/hook', {}, '{}', {
      ...options,
      allowPrivate: true,
    });
    expect(allowed.error).not.toContain('refused: private');
  });

  it('cuts an attempt off at its timeout even while the endpoint keeps trickling its answer', async () => {
    const CHUNKS = 30;
    let sent = 0;
    let closedEarly = false;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // One byte every 100 ms: never silent long enough for an idle timeout of 300 ms.
      const timer = setInterval(() => {
        if (sent === CHUNKS) return void (clearInterval(timer), res.end());
        sent += 1;
        res.write('x');
      }, 100);
      res.on('close', () => {
        clearInterval(timer);
        closedEarly = sent < CHUNKS;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await sendAttempt(`http://127.0.0.1:${port}/hook`, {}, '{}', {
        timeoutMs: 300,
        allowPrivate: true,
      });
      expect(result).toMatchObject({ statusCode: null, error: 'timeout after 300 ms' });
      await vi.waitFor(() => expect(closedEarly).toBe(true));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('backs off exponentially with jitter: each gap at least the previous one, attempts bounded', () => {
    const policy = { baseMs: 400, maxMs: 2000, maxAttempts: 40 };
    const gaps = [1, 2, 3].map((n) => nextDelayMs(policy, n, undefined, () => 0.5)!);
    expect(gaps).toEqual([300, 600, 1200]);
    expect(nextDelayMs(policy, 2, undefined, () => 0)).toBeGreaterThanOrEqual(
      nextDelayMs(policy, 1, undefined, () => 1)!,
    );
    expect(nextDelayMs(policy, 40, undefined)).toBeNull();
  });
});
