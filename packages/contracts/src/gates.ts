/**
 * The spec's version gates as data (ARCHITECTURE §5), applied in one place: the gateway applies the
 * resource effects to every response; services ask `isGateOpen` for behaviour gates with the
 * version from the envelope.
 *
 * Services always produce the representation of the LATEST version; the resource effects here turn
 * it into what an older client expects (drop a field it cannot read, derive a field that was
 * replaced, embed what used to be embedded).
 */
import type { VersionRange } from './core/route-definition.js';
import { BoundedMemo } from './core/memo.js';
import { inVersionRange } from './core/versions.js';

/**
 * A field path inside a resource: keys separated by `.`; a key followed by `[]` stands for every
 * item of the array under that key, e.g. `items[].context.includeExternalUsers`. The last key is
 * the field the effect acts on; it cannot be an array step.
 */
export type FieldPath = string;

export type GateEffect =
  /** Remove the field. Absent intermediate objects and non-array `[]` steps are skipped. */
  | { readonly kind: 'omitField'; readonly path: FieldPath }
  /**
   * Set the field to `sibling[from] === equals`, in every object that has the sibling `from`
   * (for a boolean flag that a state field replaced).
   */
  | { readonly kind: 'deriveFlag'; readonly path: FieldPath; readonly from: string; readonly equals: string }
  /**
   * Set the resource's own `type` to `to` (a type renamed later). The gateway resolves `_links`
   * from the latest representation, so the links stay those of the latest type.
   */
  | { readonly kind: 'renameType'; readonly to: string }
  /** The gateway embeds the reply of `routeId` (same path parameters) under `_embedded[rel]`. */
  | { readonly kind: 'embedRoute'; readonly rel: string; readonly routeId: string }
  /** Evaluated by the owning service with `isGateOpen(id, ctx.version)`. */
  | { readonly kind: 'behaviour' };

export type ResourceGateEffect = Exclude<GateEffect, { kind: 'behaviour' }>;

export interface VersionGate {
  readonly id: string;
  readonly description: string;
  /** The resource type a resource effect acts on; absent for behaviour gates. */
  readonly resourceType?: string;
  /** The versions in which `effect` applies (`since` inclusive, `until` exclusive). */
  readonly range: VersionRange;
  /**
   * What `effect` is: the NEW behaviour, introduced at `range.since` (the gate opens there), or the
   * OLD behaviour, kept for versions before `range.until` (the gate opens at `until`).
   */
  readonly effectIs: 'newBehaviour' | 'oldBehaviour';
  readonly effect: GateEffect;
}

function gate<const Id extends string>(definition: VersionGate & { readonly id: Id }) {
  return definition;
}

/** The version where the calendar scheme starts; the spec does not date the `deleted` → `userState` switch. */
const USER_STATE_REPLACES_DELETED = '2023.0.1';

const gateList = [
  gate({
    id: 'aggregate.emptyResource',
    description:
      'The aggregate is an empty resource from 1.0.18; earlier versions embedded the current network.',
    resourceType: 'aggregate',
    range: { until: '1.0.18' },
    effectIs: 'oldBehaviour',
    effect: { kind: 'embedRoute', rel: 'network', routeId: 'network.get' },
  }),
  gate({
    id: 'user.deletedReplacedByUserState',
    description: `The user flag \`deleted\` was replaced by \`userState\` in ${USER_STATE_REPLACES_DELETED}; older versions read \`deleted\` (true when \`userState\` is "deleted").`,
    resourceType: 'user',
    range: { until: USER_STATE_REPLACES_DELETED },
    effectIs: 'oldBehaviour',
    effect: { kind: 'deriveFlag', path: 'deleted', from: 'userState', equals: 'deleted' },
  }),
  gate({
    id: 'menu.includeExternalUsers',
    description:
      '`context.includeExternalUsers` of app menu items and custom menu links is readable from 2026.1.9.',
    resourceType: 'menu_item',
    range: { until: '2026.1.9' },
    effectIs: 'oldBehaviour',
    effect: { kind: 'omitField', path: 'context.includeExternalUsers' },
  }),
  gate({
    id: 'menu.celebrations',
    description:
      'Menu item `celebrations` (ios/android, feature `celebrations_redesign`) is returned from 2026.1.7.',
    range: { since: '2026.1.7' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'widgets.celebrations',
    description:
      'The extra `celebrations` widget is returned to clients that support it: from 2026.1.7, as the menu item.',
    range: { since: '2026.1.7' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'kb.page.nullTitleBodyRejected',
    description:
      'Page create/edit rejects a null `title` or `body` from 2026.1.0; older clients may omit or null them.',
    range: { since: '2026.1.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'journey.metaWhitelistOnly',
    description: 'Journey `_meta` is returned only when whitelisted from 2025.3.0.',
    range: { since: '2025.3.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'whitelist.deprecatedPropertiesReplaced',
    description:
      'From 2025.1.0 a sub-property of a deprecated whitelisting property (`name.firstName`) is refused in `fields`: whitelist its parent object; `recipients.networkEID` has no replacement.',
    range: { since: '2025.1.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'timeline.news.noConcatenated',
    description: '`/timeline/?type=news` no longer returns concatenated news from 2025.1.0.',
    range: { since: '2025.1.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'pagination.offsetNotCarried',
    description:
      '`offset` is no longer carried over to sub-resources from 2024.3.0 (use `offset[resource]`).',
    range: { since: '2024.3.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'tasks.offsetMessagesUnsupported',
    description: 'The tasks collection no longer supports `offset[messages]` from 2024.3.0.',
    range: { since: '2024.3.0' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'roles.adminCollapsed',
    description: 'Every network-administrator role variant is reported as `admin` from 1.4.8.',
    range: { since: '1.4.8' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
  gate({
    id: 'messages.eventRenamedAnnouncement',
    description:
      'The message type `event` is named `announcement` from 1.4.8: older versions read an announcement as `type: "event"` (and post one with it, messages/announcement-gate.ts).',
    resourceType: 'announcement',
    range: { until: '1.4.8' },
    effectIs: 'oldBehaviour',
    effect: { kind: 'renameType', to: 'event' },
  }),
  // Devices, push and white-label apps. The spec deprecates the store URLs
  // without a date: from 2023.0.1, where the calendar numbering starts (as `deleted` above).
  gate({
    id: 'whitelabel.appStoreUrlDropped',
    description: 'White-label app `appStoreUrl` (deprecated) is read and written only before 2023.0.1.',
    resourceType: 'whitelabel_app',
    range: { since: '2023.0.1' },
    effectIs: 'newBehaviour',
    effect: { kind: 'omitField', path: 'appStoreUrl' },
  }),
  gate({
    id: 'whitelabel.googlePlayUrlDropped',
    description: 'White-label app `googlePlayUrl` (deprecated) is read and written only before 2023.0.1.',
    resourceType: 'whitelabel_app',
    range: { since: '2023.0.1' },
    effectIs: 'newBehaviour',
    effect: { kind: 'omitField', path: 'googlePlayUrl' },
  }),
  // Files: media. The spec: images "earlier limited to 20 megapixels", undated; the
  // limit is lifted from 2023.0.1, where the calendar numbering starts (as the deprecations above).
  gate({
    id: 'files.imageMegapixelsLifted',
    description:
      'Uploads of kind `image` above 20 megapixels are refused (413 -456) before 2023.0.1 and accepted from it.',
    range: { since: '2023.0.1' },
    effectIs: 'newBehaviour',
    effect: { kind: 'behaviour' },
  }),
] as const;

export type GateId = (typeof gateList)[number]['id'];

export const versionGates: readonly VersionGate[] = gateList;

const gatesById = new Map<string, VersionGate>(versionGates.map((g) => [g.id, g]));

export class UnknownGateError extends Error {
  constructor(readonly gateId: string) {
    super(`no version gate "${gateId}"`);
    this.name = 'UnknownGateError';
  }
}

export function findGate(id: string): VersionGate {
  const found = gatesById.get(id);
  if (!found) throw new UnknownGateError(id);
  return found;
}

/** Whether `version` has the NEW behaviour of the gate. Throws on an unknown id or a malformed version. */
export function isGateOpen(id: string, version: string): boolean {
  const g = findGate(id);
  const effectApplies = inVersionRange(version, g.range);
  return g.effectIs === 'newBehaviour' ? effectApplies : !effectApplies;
}

/** By resource type and version (every reply asks, twice). */
const responseGates = new BoundedMemo<string, readonly VersionGate[]>(1_000);

/** Gates with a resource effect on `resourceType` whose effect applies at `version` (frozen, shared). */
export function responseGatesFor(resourceType: string, version: string): readonly VersionGate[] {
  return responseGates.get(`${resourceType} ${version}`, () =>
    Object.freeze(
      versionGates.filter(
        (g) =>
          g.resourceType === resourceType &&
          g.effect.kind !== 'behaviour' &&
          inVersionRange(version, g.range),
      ),
    ),
  );
}

/** The routes the gateway must embed into a `resourceType` reply at `version`. */
export function embedRoutesFor(
  resourceType: string,
  version: string,
): readonly { readonly rel: string; readonly routeId: string }[] {
  return responseGatesFor(resourceType, version).flatMap((g) =>
    g.effect.kind === 'embedRoute' ? [{ rel: g.effect.rel, routeId: g.effect.routeId }] : [],
  );
}

// ---------------------------------------------------------------------------------------------
// Field paths

interface PathStep {
  readonly key: string;
  readonly eachItem: boolean;
}

const STEP_PATTERN = /^([A-Za-z_$][\w$]*)(\[\])?$/;

export class InvalidFieldPathError extends Error {
  constructor(readonly path: string) {
    super(`invalid field path "${path}"`);
    this.name = 'InvalidFieldPathError';
  }
}

const parsedPaths = new Map<string, readonly PathStep[]>();

export function parseFieldPath(path: FieldPath): readonly PathStep[] {
  const cached = parsedPaths.get(path);
  if (cached) return cached;
  const steps = path.split('.').map((segment) => {
    const match = STEP_PATTERN.exec(segment);
    if (!match) throw new InvalidFieldPathError(path);
    return { key: match[1]!, eachItem: match[2] !== undefined };
  });
  if (steps.at(-1)?.eachItem) throw new InvalidFieldPathError(path);
  parsedPaths.set(path, steps);
  return steps;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies `change` to every object that holds the last key of the path, copying only the
 * containers on the way (the input is never mutated). Returns the input itself when nothing changed.
 */
function updateParents(
  value: unknown,
  steps: readonly PathStep[],
  change: (parent: JsonObject) => JsonObject,
): unknown {
  if (!isObject(value)) return value;
  const [step, ...rest] = steps;
  if (!step || rest.length === 0) return change(value);
  if (!Object.hasOwn(value, step.key)) return value;
  const child = value[step.key];
  let updated: unknown;
  if (step.eachItem) {
    if (!Array.isArray(child)) return value;
    const items = child.map((item: unknown) => updateParents(item, rest, change));
    updated = items.some((item, i) => item !== child[i]) ? items : child;
  } else {
    updated = updateParents(child, rest, change);
  }
  return updated === child ? value : { ...value, [step.key]: updated };
}

function withoutKey(key: string) {
  return (parent: JsonObject): JsonObject => {
    if (!Object.hasOwn(parent, key)) return parent;
    const { [key]: _removed, ...rest } = parent;
    return rest;
  };
}

function withDerivedFlag(key: string, from: string, equals: string) {
  return (parent: JsonObject): JsonObject =>
    Object.hasOwn(parent, from) ? { ...parent, [key]: parent[from] === equals } : parent;
}

/** Applies one effect to a resource (a copy; the input is never mutated). Fetching effects are no-ops here. */
export function applyGateEffect(resource: JsonObject, effect: GateEffect): JsonObject {
  switch (effect.kind) {
    case 'omitField': {
      const steps = parseFieldPath(effect.path);
      return updateParents(resource, steps, withoutKey(steps.at(-1)!.key)) as JsonObject;
    }
    case 'deriveFlag': {
      const steps = parseFieldPath(effect.path);
      return updateParents(
        resource,
        steps,
        withDerivedFlag(steps.at(-1)!.key, effect.from, effect.equals),
      ) as JsonObject;
    }
    case 'renameType':
      return { ...resource, type: effect.to };
    case 'embedRoute': // needs a fetch: done by the gateway through `embedRoutesFor`
    case 'behaviour':
      return resource;
  }
}

/** Applies the field effects of the resource's own type only (no recursion into `_embedded`). */
export function applyOwnFieldGates(
  resource: Record<string, unknown>,
  version: string,
): Record<string, unknown> {
  const type = resource.type;
  if (typeof type !== 'string') return { ...resource };
  const gated = responseGatesFor(type, version).reduce((acc, g) => applyGateEffect(acc, g.effect), resource);
  return gated === resource ? { ...resource } : gated;
}

function gateEmbeddedValue(value: unknown, version: string): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => gateEmbeddedValue(item, version));
  return isObject(value) ? applyFieldGates(value, version) : value;
}

/**
 * Returns a copy with the field effects applied for `resource.type`, recursing into `_embedded`
 * resources (single or arrays) by their own `type`.
 */
export function applyFieldGates(resource: Record<string, unknown>, version: string): Record<string, unknown> {
  const gated = applyOwnFieldGates(resource, version);
  const embedded = gated._embedded;
  if (!isObject(embedded)) return gated;
  const gatedEmbedded = Object.fromEntries(
    Object.entries(embedded).map(([rel, value]) => [rel, gateEmbeddedValue(value, version)]),
  );
  return { ...gated, _embedded: gatedEmbedded };
}
