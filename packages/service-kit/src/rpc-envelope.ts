/** The RPC request envelope (ARCHITECTURE §6) as the RPC server reads it from a NATS message. */
import { DomainError, type RpcRequest } from '@ncs/contracts';

const decoder = new TextDecoder();

/** The envelope, with `traceparent` (the serving span's, when given) in its request context. */
export function decodeRequest(data: Uint8Array, traceparent: string | undefined): RpcRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(data));
  } catch {
    throw new DomainError('BAD_REQUEST', 'The RPC envelope is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || !('ctx' in parsed)) {
    throw new DomainError('BAD_REQUEST', 'The RPC envelope has no ctx.');
  }
  const envelope = parsed as Partial<RpcRequest>;
  // The context was parsed for this request alone: `traceparent` is added to it, not to a spread
  // copy (a hidden class per request: bench/README.md, "A hidden class per request").
  const ctx = envelope.ctx!;
  if (traceparent !== undefined && typeof ctx === 'object' && ctx !== null) {
    (ctx as { traceparent?: string }).traceparent = traceparent;
  }
  return {
    ctx,
    params: envelope.params ?? {},
    query: envelope.query ?? {},
    body: envelope.body ?? null,
  };
}
