import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ apiRateLimitPerMinute: 3 });
});
afterAll(() => t.close());

describe('rate limiting on /api', () => {
  it('answers 429 with a code-0 envelope past the limit', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toBeNull();
    expect(body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });
});
