/**
 * The request path's call to the owning service over NATS (`callOwner`), and the resources the
 * gateway assembles from several owning services (route field `assembledFrom`, e.g.
 * badge counters: messaging and notifications each own some counters). The route's own subject
 * (the owner) checks access and answers the resource; the parts are asked in parallel with it and
 * their fields copied in.
 *
 * Faults: a part that is unavailable (no responder: 503, no reply in time: 504) leaves its fields
 * `null`, so one service's outage does not blank the counters of the others; when every part is
 * unavailable the answer is 503 (nothing left to show). Any other error (the owner's 404, a part's
 * 400 or 500) is answered as is. docs/decisions.md, "Directory: menu, widgets, themes, lobby and
 * counters".
 */
import { DomainError, type AssemblyPart, type RouteDefinition } from '@ncs/contracts';
import type { RpcCall, RpcClient } from '@ncs/service-kit';

/** Where a missing part is reported (the request's logger). */
export interface AssemblyLogger {
  warn(details: object, message: string): void;
}

export interface OwnerReply {
  readonly data: unknown;
  readonly status: number | undefined;
}

type PartResult =
  { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: unknown };

function settle(promise: Promise<unknown>): Promise<PartResult> {
  return promise.then(
    (data) => ({ ok: true, data }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** Whether an error means the part's owner could not be reached (as opposed to an answer). */
export function isUnavailable(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    (error.errorName === 'SERVICE_UNAVAILABLE' || error.errorName === 'SERVICE_TIMEOUT')
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The owner's resource with every part's fields: the part's value when it answered one, `null`
 * when it was unavailable (or left the field out). Throws the first error that is not an
 * unavailability, and 503 when every part was unavailable.
 */
export function mergeParts(
  owner: unknown,
  parts: readonly AssemblyPart[],
  results: readonly PartResult[],
): Record<string, unknown> {
  const failure = results.find((r) => !r.ok && !isUnavailable(r.error));
  if (failure && !failure.ok) throw failure.error;
  if (parts.length > 0 && results.every((r) => !r.ok)) {
    const names = parts.map((p) => p.service).join(', ');
    throw new DomainError('SERVICE_UNAVAILABLE', `Every owner of this resource is unavailable: ${names}.`);
  }
  const merged: Record<string, unknown> = isObject(owner) ? { ...owner } : {};
  parts.forEach((part, i) => {
    const result = results[i];
    const data = result?.ok && isObject(result.data) ? result.data : undefined;
    for (const field of part.fields) merged[field] = data && Object.hasOwn(data, field) ? data[field] : null;
  });
  return merged;
}

/**
 * Calls the route's owner, and for an assembled route its parts in parallel; the owner's error
 * wins over anything the parts answered (it decides access).
 */
export async function callOwner(
  rpc: RpcClient,
  route: RouteDefinition,
  call: RpcCall,
  logger?: AssemblyLogger,
): Promise<OwnerReply> {
  const parts = route.assembledFrom ?? [];
  if (parts.length === 0) return rpc.requestWithStatus(route.subject, call);
  // Everything is asked at once; `settle` never rejects, so an owner error leaves nothing dangling.
  const partsAnswered = Promise.all(parts.map((part) => settle(rpc.request(part.subject, call))));
  const owner = await rpc.requestWithStatus(route.subject, call);
  const results = await partsAnswered;
  results.forEach((result, i) => {
    if (!result.ok && isUnavailable(result.error)) {
      logger?.warn(
        { routeId: route.id, part: parts[i]!.service, requestId: call.ctx.requestId },
        'assembled resource answered without an unavailable part',
      );
    }
  });
  return { data: mergeParts(owner.data, parts, results), status: owner.status };
}
