import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import { hiddenClassChanges } from './testing.js';
import { decodeRequest } from './rpc-envelope.js';

const encoder = new TextEncoder();
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

/** A request as the gateway sends it (ARCHITECTURE §6). */
function envelope(i: number): Uint8Array {
  return encoder.encode(
    JSON.stringify({
      ctx: {
        version: '2026.1.13',
        requestId: `request-${i}`,
        networkEID: 'n'.repeat(24),
        principal: { accountId: 'a', appEID: 'c', external: false, roles: ['member'], permissions: [] },
      },
      params: { networkEID: 'n'.repeat(24) },
      query: {},
    }),
  );
}

describe('the RPC envelope', () => {
  it('carries the serving span’s traceparent in the request context when given, else none', () => {
    const traced = decodeRequest(envelope(1), TRACEPARENT);
    expect(traced.ctx).toMatchObject({ requestId: 'request-1', traceparent: TRACEPARENT });
    expect(traced.body).toBeNull();
    expect(decodeRequest(envelope(2), undefined).ctx).not.toHaveProperty('traceparent');
  });

  it('gives the request contexts of every request one hidden class', () => {
    const contexts = Array.from({ length: 40 }, (_, i) => decodeRequest(envelope(i), TRACEPARENT).ctx);
    expect(hiddenClassChanges(contexts)).toBe(0);
  });

  it('refuses an envelope that is not JSON or has no request context', () => {
    expect(() => decodeRequest(encoder.encode('{'), undefined)).toThrow(DomainError);
    expect(() => decodeRequest(encoder.encode('{"params":{}}'), undefined)).toThrow(
      'The RPC envelope has no ctx.',
    );
  });
});
