import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-log.hook.js';

const req = (url: string, pattern: string) => ({ url, routeOptions: { url: pattern } }) as never;

describe('loggedPath', () => {
  it('drops the query string, where verification and magic-link tokens travel', () => {
    expect(loggedPath(req('/v1/documents?token=abc&x=1', '/v1/documents'))).toBe('/v1/documents');
  });

  it('keeps the route pattern of a path that holds a token', () => {
    expect(loggedPath(req('/v1/shared/7Qm3KxV9pL2rT8wZ/ride', '/v1/shared/:token/ride'))).toBe(
      '/v1/shared/:token/ride',
    );
  });

  it('keeps ids and access keys, and cuts an overlong path', () => {
    const id = '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e90';
    expect(loggedPath(req(`/v1/keys/${id}/usage`, '/v1/keys/:id/usage'))).toBe(`/v1/keys/${id}/usage`);
    const long = `/v1/documents/${'1'.repeat(400)}`;
    expect(loggedPath(req(long, '/v1/documents/:accessKey'))).toHaveLength(300);
  });
});
