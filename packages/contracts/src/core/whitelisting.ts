/**
 * Whitelisting (spec: Versioning): the `fields` query parameter, a comma-separated list of property
 * names, on every GET route that answers a resource. Every property but the optional ones (journeys'
 * `_meta`) is returned without it, so naming a default property changes nothing. What changes with
 * 2025.1.0 (gate `whitelist.deprecatedPropertiesReplaced`) is which names are accepted: before it,
 * a sub-property of a deprecated whitelisting property (`name.firstName`, `attachments.file`) stands
 * for its parent object, and `recipients.networkEID` is accepted; from it, such a name is refused
 * with the parent to whitelist instead. Choices: docs/decisions.md, "Versioning and negotiation".
 */
import { Type } from '@sinclair/typebox';
import type { ErrorDetail } from './errors.js';

/** Spec: "Deprecated whitelisting properties (2025.1.0) are replaced by their parent object". */
export const replacedWhitelistParents = [
  'attachments',
  'emailAddresses',
  'answers',
  'name',
  'telephoneNumbers',
  'file',
  'dnd',
  'audience',
  'event',
  'oauth',
  'mentions',
] as const;

/** Spec: "`recipients.networkEID` has no replacement". */
export const UNREPLACED_WHITELIST_NAME = 'recipients.networkEID';

/** Bounds of a list: a client names the properties it wants, not a dictionary. */
export const whitelistLimits = { names: 50, nameLength: 64 } as const;

const NAME = `[A-Za-z_][A-Za-z0-9_]{0,${whitelistLimits.nameLength - 1}}`;
const ACCEPTED_NAME =
  `(?:${NAME}|(?:${replacedWhitelistParents.join('|')})\\.${NAME}|` +
  `${UNREPLACED_WHITELIST_NAME.replace('.', '\\.')})`;

/**
 * The names one list may hold: a plain property name, a sub-property of one of the deprecated
 * parents, or `recipients.networkEID`; any other dotted name was never a whitelisting property.
 * Comma and dot delimit names drawn from a class holding neither, so the pattern cannot backtrack.
 */
export const WHITELIST_PATTERN = `^${ACCEPTED_NAME}(?:,${ACCEPTED_NAME}){0,${whitelistLimits.names - 1}}$`;

/** The `fields` query parameter; `description` names a route's optional properties. */
export const FieldsParam = (description?: string) =>
  Type.String({
    pattern: WHITELIST_PATTERN,
    maxLength: whitelistLimits.names * (2 * whitelistLimits.nameLength + 2),
    description:
      description ??
      'Whitelisted properties, comma-separated (at most 50). Every property is returned without it; ' +
        'sub-properties of the deprecated whitelisting properties (`name.firstName`) are refused from 2025.1.0: ' +
        'whitelist the parent object.',
  });

/** `fields` for a route's query schema. */
export const fieldsQuery = (description?: string) => ({ fields: Type.Optional(FieldsParam(description)) });

/** The names of a list the schema accepted (empty for no list). */
export function whitelistedNames(fields: unknown): string[] {
  return typeof fields === 'string' && fields !== '' ? fields.split(',') : [];
}

/** Whether the list names `property` (itself, not one of its sub-properties). */
export function isWhitelisted(fields: unknown, property: string): boolean {
  return whitelistedNames(fields).includes(property);
}

/**
 * Why the list is refused when the replaced names are (from 2025.1.0), or undefined: the first
 * sub-property of a deprecated parent, naming the parent, or `recipients.networkEID`, which has none.
 */
export function replacedWhitelistName(fields: unknown): ErrorDetail | undefined {
  for (const name of whitelistedNames(fields)) {
    if (name === UNREPLACED_WHITELIST_NAME) {
      return {
        pointer: '/query/fields',
        message: `${name} is no longer a whitelisting property and has no replacement`,
      };
    }
    const dot = name.indexOf('.');
    if (dot > 0) {
      const parent = name.slice(0, dot);
      return {
        pointer: '/query/fields',
        message: `${name} was replaced by its parent object: whitelist ${parent} instead`,
      };
    }
  }
  return undefined;
}
