import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import {
  GOOGLE_NOT_CONFIGURED_MESSAGE,
  googleCallbackRequestSchema,
  googleConfigSchema,
  googleLoginRequestSchema,
  loginDataSchema,
  type LoginData,
} from '@ssd/shared/auth';
import { fail, ok } from '../../lib/envelope';
import { findOrCreateGoogleUser } from '../../integrations/oidc/google-accounts';
import { OidcError, oidcErrorToAppError } from '../../integrations/oidc/errors';
import type { OidcClient, OidcIdentity } from '../../integrations/oidc/google-client';
import type { AuthContext } from './context';
import { issueSession } from './sessions';

const loginAnswer = envelopeSchema(loginDataSchema);

/**
 * Google sign-in (spec 1 §4): the redirect flow's code exchange, the popup button's ID token, and the
 * settings the client needs to start. Without GOOGLE_CLIENT_ID/SECRET every call says so plainly.
 */
export const googleRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext; google: OidcClient | null }> = async (app, { ctx, google }) => {
  function configured(): OidcClient {
    if (!google) throw fail.unprocessable(GOOGLE_NOT_CONFIGURED_MESSAGE);
    return google;
  }

  /** One place that turns a verified Google identity into a store session. */
  async function signIn(identify: () => Promise<OidcIdentity>, log: { warn: (o: object, m: string) => void }): Promise<LoginData> {
    let identity: OidcIdentity;
    try {
      identity = await identify();
    } catch (error) {
      if (error instanceof OidcError) {
        log.warn({ reason: error.reason, kind: error.kind }, 'Google sign-in refused');
        throw oidcErrorToAppError(error);
      }
      throw error;
    }
    const user = await findOrCreateGoogleUser(ctx.db, identity);
    return issueSession(ctx.db, ctx.tokens, user, ctx.now());
  }

  app.get(
    '/auth/google/config',
    { schema: { summary: 'What the client needs to send a visitor to Google', response: { 200: envelopeSchema(googleConfigSchema) } } },
    async (request) => {
      if (!google) return ok({ configured: false, client_id: null, authorization_endpoint: null }, GOOGLE_NOT_CONFIGURED_MESSAGE);
      try {
        const { authorization_endpoint } = await google.config();
        return ok({ configured: true, client_id: google.clientId, authorization_endpoint });
      } catch (error) {
        if (error instanceof OidcError) {
          request.log.warn({ reason: error.reason }, 'Google discovery failed');
          throw oidcErrorToAppError(error);
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/google/callback',
    {
      schema: {
        summary: 'Exchange the code of the redirect flow (PKCE) and sign in',
        body: googleCallbackRequestSchema,
        response: { 200: loginAnswer },
      },
    },
    async (request) => {
      const client = configured();
      const { code, redirect_uri, code_verifier, nonce } = request.body;
      const login = await signIn(() => client.exchangeCode({ code, redirectUri: redirect_uri, codeVerifier: code_verifier, nonce }), request.log);
      return ok(login, 'Login successful');
    },
  );

  app.post(
    '/auth/google-login',
    { schema: { summary: "Sign in with the popup button's ID token", body: googleLoginRequestSchema, response: { 200: loginAnswer } } },
    async (request) => {
      const client = configured();
      const { googleToken, nonce } = request.body;
      const login = await signIn(() => client.verifyIdToken(googleToken, nonce === undefined ? {} : { nonce }), request.log);
      return ok(login, 'Login successful');
    },
  );
};
