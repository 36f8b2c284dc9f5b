import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { applyFieldGates, applyGateEffect, isGateOpen } from './gates.js';
import { findRoute } from './routes.js';
import { isVersionedSchema } from './core/route-definition.js';

/** The 1.4.8 gate `messages.eventRenamedAnnouncement` (messages/announcement-gate.ts and gates.ts). */
const body = findRoute('message.create').body;
const [since148, before148] = (body && isVersionedSchema(body) ? body : { variants: [] }).variants;
const announcement = { type: 'announcement', EID: 'm1', htmlBody: '<p>x</p>' };

describe('messages.eventRenamedAnnouncement: an announcement is `event` before 1.4.8', () => {
  it('is open from 1.4.8', () => {
    expect(isGateOpen('messages.eventRenamedAnnouncement', '1.4.7')).toBe(false);
    expect(isGateOpen('messages.eventRenamedAnnouncement', '1.4.8')).toBe(true);
  });
  it('reads an announcement as `event` at 1.4.7, also embedded, and as is at 1.4.8', () => {
    expect(applyFieldGates(announcement, '1.4.7')).toEqual({ ...announcement, type: 'event' });
    expect(applyFieldGates(announcement, '1.4.8')).toEqual(announcement);
    const page = { type: 'update', EID: 'u', _embedded: { messages: [announcement] } };
    expect(applyFieldGates(page, '1.4.7')._embedded).toEqual({
      messages: [{ ...announcement, type: 'event' }],
    });
  });
  it('renameType sets only the own type, on a copy', () => {
    const resource = { ...announcement };
    expect(applyGateEffect(resource, { kind: 'renameType', to: 'event' })).toEqual({
      ...announcement,
      type: 'event',
    });
    expect(resource.type).toBe('announcement');
  });
  it('takes `type: event` in the body before 1.4.8, `announcement` from 1.4.8', () => {
    const body = { type: 'event', htmlBody: '<p>x</p>' };
    expect(since148!.range).toEqual({ since: '1.4.8' });
    expect(before148!.range).toEqual({ until: '1.4.8' });
    expect(Value.Check(before148!.schema, body)).toBe(true);
    // From 1.4.8 `event` is a calendar event, so the 1.4.8 body takes it too.
    expect(Value.Check(since148!.schema, body)).toBe(true);
    expect(Value.Check(before148!.schema, { ...body, type: 'announcement' })).toBe(false);
    expect(Value.Check(since148!.schema, { ...body, type: 'announcement' })).toBe(true);
    expect(Value.Check(before148!.schema, { ...body, type: 'update' })).toBe(true);
    expect(Value.Check(since148!.schema, { ...body, type: 'update' })).toBe(true);
  });
});
