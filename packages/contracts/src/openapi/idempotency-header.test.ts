import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { buildOpenApiDocument, documentedPath } from './document.js';

const doc = buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor: 'ncs' });

describe('the Idempotency-Key header in the OpenAPI document', () => {
  it('is an optional header parameter of exactly the routes that honour it', () => {
    const withHeader = routes.filter((route) =>
      doc.paths[documentedPath(route)]?.[route.method.toLowerCase() as 'post']?.parameters?.some(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      ),
    );
    expect(withHeader.map((route) => route.id).sort()).toEqual([
      'comment.create',
      'message.create',
      'message.like',
    ]);
    const parameter = doc.paths['/networks/{networkEID}/messages']?.post?.parameters?.find(
      (p) => p.in === 'header',
    );
    expect(parameter).toMatchObject({
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
    const pattern = new RegExp(String(parameter?.schema.pattern));
    expect(pattern.test('order-42 / retry')).toBe(true);
    expect(pattern.test(' padded')).toBe(false);
    expect(pattern.test('café')).toBe(false);
  });
});
