import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';

/** The public content service (Directus REST item dialect). Being written: see the helper's report. */
export const contentService: FastifyPluginAsync<{ db: Database }> = async () => {};
