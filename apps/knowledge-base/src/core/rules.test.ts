import { describe, expect, it } from 'vitest';
import { DomainError, type RequestContext } from '@ncs/contracts';
import { Types } from 'mongoose';
import {
  MANAGE_KNOWLEDGE_BASE,
  callerOf,
  inAudience,
  inCallersNetwork,
  isVisibleCategory,
  pageEditRightOf,
  requireManage,
  topLevelEID,
  type Caller,
} from './rules.js';

const NETWORK = 'a'.repeat(24);
const OTHER_NETWORK = 'b'.repeat(24);

/** The catalogue name of the domain error `run` throws, or undefined when it throws none. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.errorName;
    throw error;
  }
  return undefined;
}

const ctxOf = (principal: RequestContext['principal'], networkEID: string | null = NETWORK) => ({
  version: '2026.1.13',
  requestId: 'unit',
  ...(networkEID ? { networkEID } : {}),
  ...(principal ? { principal } : {}),
});

const caller = (fields: Partial<Caller> = {}): Caller => ({
  networkEID: NETWORK,
  profileEID: 'c'.repeat(24),
  external: false,
  canManage: false,
  ...fields,
});

describe('callerOf', () => {
  it('is the caller in the request’s network, managing only with MANAGE_KNOWLEDGE_BASE', () => {
    const member = { profileEID: 'p1', external: false, roles: ['member'], permissions: [] };
    expect(callerOf(ctxOf(member))).toEqual({
      networkEID: NETWORK,
      profileEID: 'p1',
      external: false,
      canManage: false,
    });
    const admin = { ...member, roles: ['admin'], permissions: [MANAGE_KNOWLEDGE_BASE] };
    expect(callerOf(ctxOf(admin)).canManage).toBe(true);
    // A role alone does not manage: the permission does.
    expect(callerOf(ctxOf({ ...member, roles: ['admin'] })).canManage).toBe(false);
    expect(callerOf(ctxOf({ ...member, external: true })).external).toBe(true);
  });

  it('refuses a request without a network or without a profile (an app token)', () => {
    const member = { profileEID: 'p1', external: false, roles: [], permissions: [] };
    expect(refusal(() => callerOf(ctxOf(member, null)))).toBe('FORBIDDEN');
    expect(refusal(() => callerOf(ctxOf(undefined)))).toBe('FORBIDDEN');
    expect(
      refusal(() => callerOf(ctxOf({ appEID: 'app', external: false, roles: [], permissions: [] }))),
    ).toBe('FORBIDDEN');
  });
});

describe('requireManage', () => {
  it('lets a manager of the knowledge base through and refuses anyone else', () => {
    expect(refusal(() => requireManage(caller({ canManage: true })))).toBeUndefined();
    expect(refusal(() => requireManage(caller()))).toBe('KB_ERR_MANAGE_PERMISSION_REQUIRED');
    expect(refusal(() => requireManage(caller({ external: true })))).toBe(
      'KB_ERR_MANAGE_PERMISSION_REQUIRED',
    );
  });
});

describe('inCallersNetwork', () => {
  it('holds for a document of the caller’s network only', () => {
    expect(inCallersNetwork(caller(), { networkEID: NETWORK })).toBe(true);
    expect(inCallersNetwork(caller(), { networkEID: OTHER_NETWORK })).toBe(false);
    expect(inCallersNetwork(caller({ canManage: true }), { networkEID: OTHER_NETWORK })).toBe(false);
  });
});

describe('category audience', () => {
  const everyone = { audienceType: 'everyone' as const };
  const internal = { audienceType: 'internal' as const };

  it('hides internal categories from external members only', () => {
    expect(inAudience(caller(), internal)).toBe(true);
    expect(inAudience(caller({ external: true }), everyone)).toBe(true);
    expect(inAudience(caller({ external: true }), internal)).toBe(false);
    // Managing the knowledge base does not lift the audience of an external member.
    expect(inAudience(caller({ external: true, canManage: true }), internal)).toBe(false);
  });

  it('hides a child of a hidden parent, whatever the child’s own audience', () => {
    const external = caller({ external: true });
    expect(isVisibleCategory(external, everyone, null)).toBe(true);
    expect(isVisibleCategory(external, everyone, everyone)).toBe(true);
    expect(isVisibleCategory(external, everyone, internal)).toBe(false);
    expect(isVisibleCategory(external, internal, everyone)).toBe(false);
    expect(isVisibleCategory(caller(), everyone, internal)).toBe(true);
    expect(isVisibleCategory(caller(), internal, null)).toBe(true);
  });
});

describe('topLevelEID', () => {
  it('is the parent of a child category and the category itself at the top', () => {
    const _id = new Types.ObjectId();
    expect(topLevelEID({ _id, parentEID: null })).toBe(String(_id));
    expect(topLevelEID({ _id, parentEID: 'd'.repeat(24) })).toBe('d'.repeat(24));
  });
});

describe('pageEditRightOf', () => {
  it('gives administrators every page, external members none, members their managed categories', () => {
    expect(pageEditRightOf(caller({ canManage: true }))).toBe('every-page');
    expect(pageEditRightOf(caller({ canManage: true, external: true }))).toBe('every-page');
    expect(pageEditRightOf(caller({ external: true }))).toBe('no-page');
    expect(pageEditRightOf(caller())).toBe('managed-categories');
  });
});
