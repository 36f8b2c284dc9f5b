import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { bodyRequiresNothing } from './route-definition.js';
import { onePersonNamed, PersonNamed } from './schemas.js';

describe('bodyRequiresNothing', () => {
  it('is true of an object whose fields are all optional, false once anything is required', () => {
    expect(bodyRequiresNothing(Type.Object({ reason: Type.Optional(Type.String()) }))).toBe(true);
    expect(bodyRequiresNothing(Type.Object({ name: Type.String() }))).toBe(false);
    expect(bodyRequiresNothing(Type.Object({ a: Type.Optional(Type.String()) }, { minProperties: 1 }))).toBe(
      false,
    );
    // One of two fields: nothing in `required`, yet an empty body is invalid.
    expect(bodyRequiresNothing(Type.Object({ ...PersonNamed }, onePersonNamed))).toBe(false);
  });

  it('is false of a versioned body when one of its versions requires a field', () => {
    const optional = Type.Object({ reason: Type.Optional(Type.String()) });
    const required = Type.Object({ reason: Type.String() });
    expect(bodyRequiresNothing({ variants: [{ range: { until: '2024.0.0' }, schema: optional }] })).toBe(
      true,
    );
    expect(
      bodyRequiresNothing({
        variants: [
          { range: { until: '2024.0.0' }, schema: optional },
          { range: { since: '2024.0.0' }, schema: required },
        ],
      }),
    ).toBe(false);
  });

  it('holds for the chat deletion and not for posting a chat message', () => {
    const body = (id: string) => routes.find((route) => route.id === id)!.body!;
    expect(bodyRequiresNothing(body('chatMessage.delete'))).toBe(true);
    expect(bodyRequiresNothing(body('groupMember.add'))).toBe(false);
  });
});
