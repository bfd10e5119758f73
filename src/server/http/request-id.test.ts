import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id';

describe('requestIdFrom', () => {
  it('keeps a short safe token and replaces anything else', () => {
    expect(requestIdFrom('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdFrom('x'.repeat(64))).toBe('x'.repeat(64));
    for (const bad of [undefined, '', 'x'.repeat(65), 'a b', 'a"b', 'a\nb', 'é', '{"x":1}']) {
      const id = requestIdFrom(bad);
      expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(id).not.toBe(bad);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
