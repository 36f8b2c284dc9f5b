/**
 * Handlers of internal subjects (contracts' `internalSubjects`): the handler gets its body typed
 * from the subject's request schema, and the body is validated against that schema with ajv before
 * the handler runs (internal subjects have no route for the gateway to validate): a body that does
 * not match is 400 BAD_REQUEST, as the handlers' own checks answered it, with one detail per failing
 * field (`/body/…`) as a route's body has.
 *
 * With `NCS_CHECK_INTERNAL_REPLIES=true` (config.ts; the end-to-end stacks set it), each reply is
 * also validated against the subject's reply schema: a reply that does not match is logged and
 * answered 500, so a drift between a handler and its contract fails the tests that reach it.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  DomainError,
  internalSubjectDefinition,
  type ErrorDetail,
  type InternalReplyOf,
  type InternalRequestOf,
  type InternalSubject,
  type RequestContext,
} from '@ncs/contracts';
import type { HandlerContext, RpcHandler } from './rpc-server.js';
import { WithStatus } from './rpc-server.js';

let checkReplies = false;

/** Turns the check of every internal reply against its schema on or off (`runService` sets it). */
export function checkInternalReplies(on: boolean): void {
  checkReplies = on;
}

/** The request a handler of internal subject `S` receives: its body validated and typed. */
export interface InternalRequest<S> {
  readonly ctx: RequestContext;
  readonly body: InternalRequestOf<S>;
}

export type InternalHandler<S> = (
  request: InternalRequest<S>,
  handlerContext: HandlerContext,
) => Promise<InternalReplyOf<S>> | InternalReplyOf<S>;

/** One entry of a handler map: the subject and its validating handler. */
export type InternalHandlerEntry = readonly [subject: string, handler: RpcHandler];

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

// As the gateway validates route bodies: no coercion, defaults applied, every error reported. Strict,
// so a schema naming a format not given here fails to compile (in the test compiling them all).
const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  allErrors: true,
  strict: true,
  formats: { 'date-time': (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) },
});

/**
 * Compiled on first use, then kept: a service compiles the validators of the subjects it is asked,
 * not of the whole catalogue (internal-handlers.test.ts compiles every one).
 */
const validators = new Map<object, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Every validator of the catalogue's schemas compiled now (tests: a schema that does not compile fails). */
export function compileInternalValidators(definitions: Iterable<{ request: object; reply: object }>): number {
  let compiled = 0;
  for (const { request, reply } of definitions) {
    validatorOf(request);
    validatorOf(reply);
    compiled += 2;
  }
  return compiled;
}

/** The ajv errors of one part as problem details: `/body/…` pointers, one per failing field. */
function detailsOf(errors: readonly ErrorObject[], location: string): ErrorDetail[] {
  const messages = new Map<string, string[]>();
  for (const error of errors) {
    const property: unknown =
      error.keyword === 'required'
        ? error.params.missingProperty
        : error.keyword === 'additionalProperties'
          ? error.params.additionalProperty
          : undefined;
    const pointer = `/${location}${error.instancePath}${typeof property === 'string' ? `/${property}` : ''}`;
    const list = messages.get(pointer) ?? [];
    const message = error.message ?? 'is invalid';
    if (!list.includes(message)) list.push(message);
    messages.set(pointer, list);
  }
  return [...messages].map(([pointer, list]) => ({ pointer, message: list.join('; ') }));
}

/**
 * The handler of internal subject `subject`, as an entry of a handler map:
 * `internalHandlerMap([internalHandler(internalSubjects.fileChunk, ({ ctx, body }) => …)])`.
 * Throws at start for a subject that is not in the catalogue.
 */
export function internalHandler<S extends InternalSubject>(
  subject: S,
  handler: InternalHandler<S>,
): InternalHandlerEntry {
  const definition = internalSubjectDefinition(subject);
  if (!definition) throw new Error(`${subject} is not an internal subject of the catalogue`);
  const bound: RpcHandler = async ({ ctx, body }, handlerContext) => {
    const validBody = validatorOf(definition.request);
    if (!validBody(body)) {
      throw new DomainError(
        'BAD_REQUEST',
        `The body does not match the schema of ${subject}.`,
        detailsOf(validBody.errors ?? [], 'body'),
      );
    }
    const reply = await handler({ ctx, body: body as InternalRequestOf<S> }, handlerContext);
    if (checkReplies) checkReply(subject, validatorOf(definition.reply), reply, handlerContext);
    return reply;
  };
  return [subject, bound];
}

/** A reply as the caller receives it (JSON), validated; a mismatch is logged and answered 500. */
function checkReply(
  subject: string,
  validReply: ValidateFunction,
  reply: unknown,
  handlerContext: HandlerContext,
): void {
  const data: unknown = reply instanceof WithStatus ? reply.data : reply;
  const received: unknown = JSON.parse(JSON.stringify(data ?? null));
  if (validReply(received)) return;
  const details = detailsOf(validReply.errors ?? [], 'reply');
  handlerContext.logger.error({ subject, details }, 'internal reply does not match its schema');
  throw new DomainError('INTERNAL', `The reply of ${subject} does not match its schema.`, details);
}

/** A handler map of internal subjects, by subject; a subject given twice throws at start. */
export function internalHandlerMap(entries: readonly InternalHandlerEntry[]): Record<string, RpcHandler> {
  const map: Record<string, RpcHandler> = {};
  for (const [subject, handler] of entries) {
    if (subject in map) throw new Error(`${subject} has two handlers`);
    map[subject] = handler;
  }
  return map;
}
