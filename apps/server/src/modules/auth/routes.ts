import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import {
  changePasswordRequestSchema,
  emailRequestSchema,
  loginDataSchema,
  loginRequestSchema,
  logoutRequestSchema,
  OTP_SENT_MESSAGE,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
  verifyTokenRequestSchema,
} from '@ssd/shared/auth';
import { ok } from '../../lib/envelope';
import { bearerToken, currentUser, requireUser } from '../../plugins/auth';
import { changePassword, login, register, resetPassword } from './account-service';
import type { AuthContext } from './context';
import { MESSAGES } from './messages';
import { issueOtp, verifyOtp } from './otp-service';
import { logout, refreshSession } from './sessions';

const nothing = envelopeSchema(z.null());
const loginAnswer = envelopeSchema(loginDataSchema);

/** The accounts calls of spec 1 §7 under /api/auth: parse, one use case, reply. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/email_verification/trigger',
    { schema: { summary: 'Mail a sign-up code (6 digits, 5 minutes)', body: emailRequestSchema, response: { 200: nothing } } },
    async (request) => {
      await issueOtp(ctx, { email: request.body.email, purpose: 'signup', ip: request.ip });
      return ok(null, OTP_SENT_MESSAGE);
    },
  );

  app.post(
    '/auth/email/password_reset/trigger',
    {
      schema: {
        summary: 'Mail a password reset code; an unknown email gets the same answer and no mail',
        body: emailRequestSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await issueOtp(ctx, { email: request.body.email, purpose: 'reset', ip: request.ip });
      return ok(null, OTP_SENT_MESSAGE);
    },
  );

  app.post(
    '/auth/verify_otp',
    { schema: { summary: 'Verify a mailed code', body: verifyOtpRequestSchema, response: { 200: nothing } } },
    async (request) => {
      await verifyOtp(ctx, request.body);
      return ok(null, MESSAGES.otpVerified);
    },
  );

  app.post(
    '/auth/register',
    { schema: { summary: 'Create an email account after its sign-up code was verified', body: registerRequestSchema, response: { 200: nothing } } },
    async (request) => {
      await register(ctx, request.body);
      return ok(null, MESSAGES.signupSuccess);
    },
  );

  app.patch(
    '/auth/update/password',
    { schema: { summary: 'Set a new password after a verified reset code; ends every session', body: resetPasswordRequestSchema, response: { 200: nothing } } },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null, MESSAGES.resetSuccess);
    },
  );

  app.post(
    '/auth/login',
    { schema: { summary: 'Sign in with email and password', body: loginRequestSchema, response: { 200: loginAnswer } } },
    async (request) => ok(await login(ctx, { ...request.body, ip: request.ip }), MESSAGES.loginSuccess),
  );

  app.post(
    '/auth/verify/token',
    {
      schema: {
        summary: 'Trade the refresh token (with the possibly expired access token) for fresh login data',
        body: verifyTokenRequestSchema,
        response: { 200: loginAnswer },
      },
    },
    async (request) =>
      ok(await refreshSession(ctx, { refreshToken: request.body.refreshToken, accessToken: bearerToken(request) }), MESSAGES.tokenVerified),
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'End the current session', body: logoutRequestSchema.nullish(), response: { 200: nothing } } },
    async (request) => {
      await logout(ctx, {
        sessionId: request.user?.sessionId ?? null,
        refreshToken: request.body?.refreshToken ?? request.refreshToken,
      });
      return ok(null, MESSAGES.loggedOut);
    },
  );

  app.patch(
    '/auth/change/password',
    {
      preHandler: requireUser,
      schema: { summary: 'Change the password of an email account; ends its other sessions', body: changePasswordRequestSchema, response: { 200: nothing } },
    },
    async (request) => {
      await changePassword(ctx, currentUser(request), { ...request.body, ip: request.ip });
      return ok(null, MESSAGES.passwordUpdated);
    },
  );
};
