/**
 * Internal request subjects (ARCHITECTURE §6): `rpc.<service>.<resource>.<action>` subjects that are
 * not HTTP routes, each with the TypeBox schemas of its request body and of its reply. The subject
 * is a string branded with both types, so it stays usable wherever a subject string is (handler
 * maps, route definitions) while the RPC client and the handler helper of service-kit type the body
 * and the reply from it.
 */
import { Type, type ArrayOptions, type Static, type TSchema } from '@sinclair/typebox';
import type { ServiceName } from './envelope.js';

declare const phantom: unique symbol;

/** An internal subject: its string, with the request body and the reply it carries as types only. */
export type InternalSubject<Request = unknown, Reply = unknown> = string & {
  readonly [phantom]: { readonly request: Request; readonly reply: Reply };
};

/** Any subject string that is not an internal subject (route subjects): typed by its caller. */
export type PlainSubject = string & { readonly [phantom]?: never };

/** The request body an internal subject takes. */
export type InternalRequestOf<S> = S extends InternalSubject<infer Request, unknown> ? Request : never;

/** The reply an internal subject answers. */
export type InternalReplyOf<S> = S extends InternalSubject<unknown, infer Reply> ? Reply : never;

/** An array typed `readonly`, for replies their producers build from read-only lists. */
export const ReadonlyArrayOf = <T extends TSchema>(item: T, options?: ArrayOptions) =>
  Type.Unsafe<readonly Static<T>[]>(Type.Array(item, options));

/** The body of a subject that takes none: the RPC client sends `null`. */
export const NoBody = Type.Null({ description: 'No body' });

/** One subject token of a resource or an action: a word in camel case. */
const TOKEN = /^[a-z][a-zA-Z0-9]*$/;

export interface InternalSubjectInput<Q extends TSchema, R extends TSchema> {
  readonly service: ServiceName;
  readonly resource: string;
  readonly action: string;
  /** Who asks whom, and what for (one or two sentences). */
  readonly description: string;
  /** The schema of the request body (`NoBody` when there is none). */
  readonly request: Q;
  /** The schema of the reply's `data`. */
  readonly reply: R;
}

export interface InternalSubjectDefinition<
  Q extends TSchema = TSchema,
  R extends TSchema = TSchema,
> extends InternalSubjectInput<Q, R> {
  readonly subject: InternalSubject<Static<Q>, Static<R>>;
}

/** Defines one internal subject; its resource and action must be one subject token each. */
export function defineInternalSubject<Q extends TSchema, R extends TSchema>(
  input: InternalSubjectInput<Q, R>,
): InternalSubjectDefinition<Q, R> {
  for (const token of [input.resource, input.action]) {
    if (!TOKEN.test(token)) throw new TypeError(`defineInternalSubject: "${token}" is not one subject token`);
  }
  const subject = `rpc.${input.service}.${input.resource}.${input.action}`;
  return { ...input, subject: subject as InternalSubject<Static<Q>, Static<R>> };
}

/** The subjects of a set of definitions, by the same names. */
export function subjectsOf<C extends Readonly<Record<string, InternalSubjectDefinition>>>(
  definitions: C,
): { readonly [K in keyof C]: C[K]['subject'] } {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [name, definition.subject]),
  ) as { readonly [K in keyof C]: C[K]['subject'] };
}
