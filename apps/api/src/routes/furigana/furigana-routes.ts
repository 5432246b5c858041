import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { furiganaResponseSchema } from '@koza/domain/api/application';
import type { FuriganaAnalyser } from '../../adapters/furigana.ts';
import { furiganaQuerySchema, toFurigana } from '../../services/applicant/furigana.ts';
import type { RouteGuards } from '../route-guards.ts';

/** GET /api/furigana?kanji=天神 → { kana: 'ﾃﾝｼﾞﾝ' } (SPEC.md §7; DECISIONS.md §7). */
export const furiganaRoutes: FastifyPluginAsyncZod<{ analyser: FuriganaAnalyser; guards: RouteGuards }> = async (app, { analyser, guards }) => {
  app.get(
    '/api/furigana',
    {
      preHandler: guards.applicant,
      schema: { querystring: furiganaQuerySchema, response: { 200: furiganaResponseSchema } },
    },
    async (request) => ({ kana: await toFurigana(analyser, request.query.kanji) }),
  );
};
