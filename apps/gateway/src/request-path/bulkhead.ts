/**
 * Overload: at most `maxInFlight` requests from this gateway to each owning
 * service at a time (`rpc.<service>.…`); the others wait here, first come first served. A service
 * handed every request at once under a burst does more work per request (hundreds of handlers,
 * queries and spans alive together: more garbage collected, more sockets written), falls further
 * behind and never catches up; a bounded number keeps it working at the rate it can sustain, and
 * what waits is a small closure in the gateway. A wait that outlasts the attempt's timeout is 504
 * (not retried: the owner never saw it); more than `maxQueued` waiting for one service is 503 at
 * once (shed, not queued for ever). Calls between services do not pass here (no cycle can fill
 * every slot). docs/decisions.md, "Overload: the gateway's bulkheads".
 */
import { DomainError } from '@ncs/contracts';
import { newGauge, refusals, rpcClientOf, type RpcCall, type RpcClient } from '@ncs/service-kit';

/** Every bulkhead of this process, read when the metrics are scraped. */
const live = new Set<Bulkhead>();
// What each bulkhead holds now, by owning service (a bounded set: the four services).
newGauge({
  name: 'ncs_bulkhead_in_flight_requests',
  help: 'Requests from this gateway in flight to a service, by service.',
  labelNames: ['service'],
  read: () => [...live].map((bulkhead) => [{ service: bulkhead.service }, bulkhead.inFlight] as const),
});
newGauge({
  name: 'ncs_bulkhead_queued_requests',
  help: 'Requests waiting in this gateway for a slot of a service, by service.',
  labelNames: ['service'],
  read: () => [...live].map((bulkhead) => [{ service: bulkhead.service }, bulkhead.waiting.length] as const),
});

export interface BulkheadLimits {
  /** Requests in flight to one service; 0: no limit. */
  readonly maxInFlight: number;
  /** Requests waiting for one service before more are refused (503). */
  readonly maxQueued: number;
  /** Wait for a slot when the call names no timeout. */
  readonly defaultTimeoutMs: number;
}

interface Waiter {
  readonly grant: () => void;
}

class Bulkhead {
  inFlight = 0;
  readonly waiting: Waiter[] = [];
  constructor(
    readonly service: string,
    private readonly limits: BulkheadLimits,
  ) {}

  /** Resolves with the time waited once a slot is this caller's. */
  acquire(timeoutMs: number): Promise<number> {
    if (this.inFlight < this.limits.maxInFlight) {
      this.inFlight += 1;
      return Promise.resolve(0);
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      refusals.inc({ limit: `bulkhead_${this.service}` });
      return Promise.reject(
        new DomainError('SERVICE_UNAVAILABLE', `The ${this.service} service is busy: try again shortly.`),
      );
    }
    const since = Date.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(Date.now() - since);
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(
          new DomainError('SERVICE_TIMEOUT', `The ${this.service} service did not take the request in time.`),
        );
      }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next)
      next.grant(); // the slot passes on: inFlight unchanged
    else this.inFlight -= 1;
  }
}

/** `rpc.auth.network.get` → `auth`. */
const serviceOf = (subject: string) => subject.split('.', 2)[1] ?? subject;

/** The RPC client, each owning service behind its bulkhead. */
export function withBulkheads(rpc: RpcClient, limits: BulkheadLimits): RpcClient {
  if (limits.maxInFlight <= 0) return rpc;
  const bulkheads = new Map<string, Bulkhead>();
  const bulkheadOf = (service: string) => {
    let found = bulkheads.get(service);
    if (!found) {
      bulkheads.set(service, (found = new Bulkhead(service, limits)));
      live.add(found);
    }
    return found;
  };
  const requestWithStatus = async <T>(
    subject: string,
    call: RpcCall,
    options?: { timeoutMs?: number },
  ): Promise<{ data: T; status: number | undefined }> => {
    const bulkhead = bulkheadOf(serviceOf(subject));
    const timeoutMs = options?.timeoutMs ?? limits.defaultTimeoutMs;
    const waited = await bulkhead.acquire(timeoutMs);
    try {
      return await rpc.requestWithStatus<T>(subject, call, { timeoutMs: Math.max(1, timeoutMs - waited) });
    } finally {
      bulkhead.release();
    }
  };
  return rpcClientOf(requestWithStatus);
}
