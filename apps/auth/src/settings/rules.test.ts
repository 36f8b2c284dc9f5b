import { DomainError } from '@ncs/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  aiAssistantProfileEID,
  appMenuItemEID,
  isMenuEntryPoint,
  menuShowsCelebrations,
  menuVersion,
  visibleInMenu,
  widgetsAddCelebrations,
} from './rules.js';

const ON = ['celebrations_redesign'];

describe('menuVersion', () => {
  it('is the query value when given, else the negotiated version', () => {
    expect(menuVersion(undefined, '2026.1.13')).toBe('2026.1.13');
    expect(menuVersion('2026.1.6', '2026.1.13')).toBe('2026.1.6');
    expect(menuVersion('2026.1.13', '1.0.2')).toBe('2026.1.13');
  });

  it('rejects a well-formed version outside the supported ranges, naming /query/version', () => {
    for (const version of ['2030.0.0', '1.8.2', '2026.1.14']) {
      try {
        menuVersion(version, '2026.1.13');
        expect.unreachable(`${version} accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe(-173);
        expect((error as DomainError).details).toEqual([
          expect.objectContaining({ pointer: '/query/version' }),
        ]);
      }
    }
  });
});

describe('menuShowsCelebrations', () => {
  it('needs ios or android, the feature and 2026.1.7 or newer', () => {
    expect(menuShowsCelebrations('ios', ON, '2026.1.7')).toBe(true);
    expect(menuShowsCelebrations('android', ON, '2026.1.13')).toBe(true);
    expect(menuShowsCelebrations('ios', ON, '2026.1.6')).toBe(false);
    expect(menuShowsCelebrations('web', ON, '2026.1.13')).toBe(false);
    expect(menuShowsCelebrations('web_mobile', ON, '2026.1.13')).toBe(false);
    expect(menuShowsCelebrations('ios', [], '2026.1.13')).toBe(false);
  });
});

describe('widgetsAddCelebrations', () => {
  it('needs celebrations_redesign on, no_birth_info off, 2026.1.7 or newer and nothing stored', () => {
    expect(widgetsAddCelebrations(ON, '2026.1.7', false)).toBe(true);
    expect(widgetsAddCelebrations(ON, '2026.1.6', false)).toBe(false);
    expect(widgetsAddCelebrations([...ON, 'no_birth_info'], '2026.1.13', false)).toBe(false);
    expect(widgetsAddCelebrations([], '2026.1.13', false)).toBe(false);
    expect(widgetsAddCelebrations(ON, '2026.1.13', true)).toBe(false);
  });
});

describe('visibleInMenu', () => {
  it('hides items not for external users from external users only', () => {
    expect(visibleInMenu({ includeExternalUsers: false }, true)).toBe(false);
    expect(visibleInMenu({ includeExternalUsers: false }, false)).toBe(true);
    expect(visibleInMenu({ includeExternalUsers: true }, true)).toBe(true);
  });
});

describe('isMenuEntryPoint', () => {
  it('takes appMenuItem entry points with hasMenuItem only', () => {
    expect(isMenuEntryPoint({ context: 'appMenuItem', hasMenuItem: true })).toBe(true);
    expect(isMenuEntryPoint({ context: 'appMenuItem', hasMenuItem: false })).toBe(false);
    expect(isMenuEntryPoint({ context: 'appMenuItem' })).toBe(false);
    // A manifest stored before validation refused it: still no widget or lightbox in the menu.
    for (const context of ['external', 'widget', 'lightbox']) {
      expect(isMenuEntryPoint({ context, hasMenuItem: true }), context).toBe(false);
    }
  });
});

describe('appMenuItemEID', () => {
  it('is a 24-hex EID, stable for one app and entry point, distinct otherwise', () => {
    const app = '0123456789abcdef01234567';
    const other = '76543210fedcba9876543210';
    expect(appMenuItemEID(app, 'menu')).toMatch(/^[0-9a-f]{24}$/);
    expect(appMenuItemEID(app, 'menu')).toBe(appMenuItemEID(app, 'menu'));
    expect(appMenuItemEID(app, 'menu')).not.toBe(appMenuItemEID(app, 'other'));
    expect(appMenuItemEID(app, 'menu')).not.toBe(appMenuItemEID(other, 'menu'));
  });
});

describe('aiAssistantProfileEID', () => {
  const assistant = '0123456789abcdef01234567';

  it('is the assistant named by its owner when the feature is on', async () => {
    const ask = vi.fn(() => Promise.resolve({ profileEID: assistant }));
    expect(await aiAssistantProfileEID(['ai_assistant_settings'], ask)).toBe(assistant);
    expect(ask).toHaveBeenCalledOnce();
  });

  it('is null without the feature, without asking the owner', async () => {
    const ask = vi.fn(() => Promise.resolve({ profileEID: assistant }));
    expect(await aiAssistantProfileEID([], ask)).toBeNull();
    expect(ask).not.toHaveBeenCalled();
  });

  it('is null when the owner has no assistant (or answers something that is not an EID)', async () => {
    const features = ['ai_assistant_settings'];
    expect(await aiAssistantProfileEID(features, () => Promise.resolve({ profileEID: null }))).toBeNull();
    expect(await aiAssistantProfileEID(features, () => Promise.resolve({ profileEID: 'x' }))).toBeNull();
    expect(await aiAssistantProfileEID(features, () => Promise.resolve(null))).toBeNull();
  });

  it('fails when the owner cannot be asked (no guessing null for an unknown answer)', async () => {
    const down = () => Promise.reject(new DomainError('SERVICE_UNAVAILABLE'));
    await expect(aiAssistantProfileEID(['ai_assistant_settings'], down)).rejects.toMatchObject({
      status: 503,
    });
  });
});
