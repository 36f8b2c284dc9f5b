/**
 * Schemas (TypeBox, i.e. JSON Schema) every area builds its resources and requests from: EIDs,
 * timestamps, references, HAL resources and collections, strict objects, problem details. Types
 * are derived from these schemas, never written twice.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IMAGE_URL_PATTERN, Text } from './text-hygiene.js';

export const EID_PATTERN = '^[0-9a-f]{24}$';
export const Eid = Type.String({ pattern: EID_PATTERN, description: '24-hex-character identifier' });
/** An EID that says which thing it names (a resource's `EID` of what it describes, ARCHITECTURE §8). */
export const describedEid = (description: string) => Type.String({ pattern: EID_PATTERN, description });
const EID_REGEXP = new RegExp(EID_PATTERN);
/** Whether a value is an EID (what `Eid` validates): checked before it reaches a query as an `_id`. */
export function isEid(value: unknown): value is string {
  return typeof value === 'string' && EID_REGEXP.test(value);
}
/**
 * How an answered timestamp ends: a numeric offset with a colon, never `Z` (the spec's convention,
 * written by `toTimestamp`). In the schema so that response checks (schemathesis) hold it too.
 */
export const TIMESTAMP_PATTERN = '[+-][0-9]{2}:[0-9]{2}$';
/** ISO 8601 date-time with a `+hh:mm` offset: every timestamp an answer carries. */
export const Timestamp = Type.String({
  format: 'date-time',
  pattern: TIMESTAMP_PATTERN,
  description: 'ISO 8601 with a +hh:mm offset',
});
/** A date-time a request sends: any RFC 3339 offset, `Z` too (answers write it back as `+00:00`). */
export const RequestTimestamp = Type.String({
  format: 'date-time',
  description: 'ISO 8601 date-time with an offset (`Z` or `+hh:mm`)',
});

export const Ref = (type?: string) =>
  Type.Object(
    { type: type ? Type.Literal(type) : Text({ minLength: 1, maxLength: 100 }), EID: Eid },
    { additionalProperties: false },
  );
export type ResourceRefSchema = Static<ReturnType<typeof Ref>>;
/**
 * A person a write names, by `profileEID` or, as every other write names people, by a reference
 * `profile: {type: 'user', EID}`: exactly one of the two (`onePersonNamed` on the object). Read it
 * with `namedProfileEID`.
 */
export const PersonNamed = {
  profileEID: Type.Optional(Eid),
  profile: Type.Optional(Ref('user')),
};
/** The object options that ask for exactly one of `PersonNamed`'s fields. */
export const onePersonNamed = {
  // Each branch names its property (with an empty schema: the object's own validates it), as
  // strict JSON Schema tools ask of a `required` list.
  oneOf: [
    { properties: { profileEID: {} }, required: ['profileEID'] },
    { properties: { profile: {} }, required: ['profile'] },
  ],
  description: 'Names the person by `profileEID` or by `profile` ({type: "user", EID}), one of the two',
};
/** The EID of the person a `PersonNamed` body names, and the pointer to where it was named. */
export function namedProfileEID(body: { profileEID?: string; profile?: { EID: string } }): {
  readonly EID: string;
  readonly pointer: string;
} {
  if (body.profile) return { EID: body.profile.EID, pointer: '/body/profile/EID' };
  return { EID: body.profileEID!, pointer: '/body/profileEID' };
}
/** The `_links` of a HAL resource (filled by the gateway from the link relations). */
export const HalLinks = Type.Optional(
  // An array for a relation with one link per item (a message's `tag`, one per tag). Typed as the
  // single-link form: only such a relation's readers (who know it) meet the array.
  Type.Unsafe<Record<string, { href: string }>>(
    Type.Record(
      Type.String(),
      Type.Union([Type.Object({ href: Type.String() }), Type.Array(Type.Object({ href: Type.String() }))]),
      { description: 'HAL relations' },
    ),
  ),
);
/** The `_embedded` of a HAL resource. */
export const HalEmbedded = Type.Optional(Type.Record(Type.String(), Type.Unknown()));

/** A HAL resource: the given fields plus `_links` and optional `_embedded`. */
export function halResource<T extends Record<string, TSchema>>(type: string, fields: T, description: string) {
  return Type.Object(
    { type: Type.Literal(type), ...fields, _links: HalLinks, _embedded: HalEmbedded },
    { description, $id: `resource.${type}` },
  );
}

/**
 * The answer of an action that is not a resource (what one call did, nothing one can read again):
 * `type`, the read-only outcome under `data`, `_links`. Resources themselves are never wrapped in
 * `data`: HAL clients find `_links` and `_embedded` on the resource itself.
 */
export function halActionResult<T extends Record<string, TSchema>>(
  type: string,
  outcome: T,
  description: string,
) {
  return halResource(
    type,
    { data: Type.Object(outcome, { description: 'read-only: the outcome of the call' }) },
    description,
  );
}

/** A page of a collection: read-only `total`, `next`/`prev` links, the items under `_embedded[rel]`. */
export function halCollection(rel: string, item: TSchema, description: string) {
  return Type.Object(
    {
      type: Type.Literal('collection'),
      total: Type.Integer({ minimum: 0, description: 'read-only: number of items in the whole collection' }),
      limit: Type.Integer({ minimum: 1 }),
      offset: Type.Integer({ minimum: 0 }),
      _links: HalLinks,
      _embedded: Type.Object({ [rel]: Type.Array(item) }),
    },
    { description },
  );
}

/** A schema or `null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An object that admits no other properties than the given ones (path parameters, strict bodies). */
export const strictObject = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** Path parameters of a route under `/networks/{networkEID}`. */
export const NetworkParams = strictObject({ networkEID: Eid });

/** The reply schema of a `204 No Content` route. */
export const NoContent = Type.Null({ description: 'No content' });

/** `#rrggbb`, as the colours of the network theme. */
export const HexColour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Colour, form `#rrggbb`' });
/** An absolute http(s) URL or a path relative to the host (as the theme's background URLs). */
export const ImageUrl = Type.String({
  maxLength: 2000,
  pattern: IMAGE_URL_PATTERN,
  description: 'Absolute http(s) URL or a path relative to the host',
});

/** RFC 9457 problem details, as every JSON error is answered. */
export const ProblemResponse = Type.Object(
  {
    type: Type.String({
      description:
        'URL of the page the gateway serves about this error: `<base>/docs/problems/<kebab-case name>` (HTML, or JSON when asked)',
    }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.Optional(Type.String({ description: 'the request path, without the query' })),
    code: Type.Integer({ description: 'platform error code from the catalogue' }),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), message: Type.String() }))),
  },
  { $id: 'problem' },
);

/** A problem+json body (RFC 9457), as the gateway answers every JSON error. */
export type Problem = Static<typeof ProblemResponse>;

/** ISO 8601 with a numeric `+00:00` offset (the spec wants a colon-separated offset, not `Z`). */
export function toTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
