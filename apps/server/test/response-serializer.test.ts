import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { reviewsDataSchema, suggestedDataSchema } from '@ssd/shared/storefront';
import { responseSerializerCompiler } from '../src/lib/response-serializer';

/**
 * The /api answers are checked against their contract and written by its JSON Schema (decisions/0086),
 * as the app runs in production (no comparison with zod's serializer, which only tests do).
 */

const card = { id: 7, title: 'Red silk saree', catalog: 'Sarees', shop: 'fabrics', price: 4599, market_price: null, thumbnail_image: 'file-7', quantity: 3 };
const review = { user_name: 'Asha', rating: 4, review: 'Lovely "zari" work\n', created_at: '2026-11-01T10:00:00.000Z' };

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(responseSerializerCompiler({ compareWithZod: false }));
let answer: unknown = null;
app.get('/suggested', { schema: { response: { 200: envelopeSchema(suggestedDataSchema) } } }, async () => answer as never);
app.get('/reviews', { schema: { response: { 200: envelopeSchema(reviewsDataSchema) } } }, async () => answer as never);
const dated = z.object({ at: z.date() });
app.get('/dated', { schema: { response: { 200: dated } } }, async () => answer as never);
afterAll(() => app.close());

async function get(url: string, body: unknown) {
  answer = body;
  return app.inject({ method: 'GET', url });
}

/** What zod's serializer (fastify-type-provider-zod) writes for the same answer. */
function byZod(schema: z.ZodType, body: unknown): string {
  return (zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string)(body);
}

describe('the response serializer', () => {
  it('writes what zod writes: the declared properties only, in order, strings escaped, nulls kept', async () => {
    const body = { code: 1, message: 'Success', data: [{ ...card, password_hash: 'secret', extra: 1 }, { ...card, id: 8, market_price: 5999 }] };
    const response = await get('/suggested', body);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(byZod(envelopeSchema(suggestedDataSchema), body));
    expect(response.body).not.toContain('password_hash');
    expect(JSON.parse(response.body).data[0]).toEqual(card);

    const reviews = { code: 1, message: 'Success', data: [review] };
    const written = await get('/reviews', reviews);
    expect(written.body).toBe(byZod(envelopeSchema(reviewsDataSchema), reviews));
    expect(JSON.parse(written.body).data[0].review).toBe('Lovely "zari" work\n');
  });

  it('refuses an answer that breaks its contract, as zod refused it (a 500, nothing of the answer sent)', async () => {
    for (const broken of [
      { code: 1, message: 'Success', data: [{ ...review, rating: 6 }] },
      { code: 1, message: 'Success', data: [{ ...review, rating: 4.5 }] },
      { code: 2, message: 'Success', data: [review] },
      { code: 1, message: 'Success', data: [{ user_name: 'Asha', rating: 4, review: null }] },
      { code: 1, message: 'Success', data: [{ ...review, review: 12 }] },
    ]) {
      const response = await get('/reviews', broken);
      expect(response.statusCode, JSON.stringify(broken)).toBe(500);
      expect(response.body).not.toContain('Asha');
      expect(() => byZod(envelopeSchema(reviewsDataSchema), broken)).toThrow();
    }
  });

  it('keeps zod serializing a contract JSON Schema cannot state (a date)', async () => {
    const response = await get('/dated', { at: new Date('2026-11-29T10:00:00.000Z') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"at":"2026-11-29T10:00:00.000Z"}');
    expect((await get('/dated', { at: 'not a date' })).statusCode).toBe(500);
  });
});
