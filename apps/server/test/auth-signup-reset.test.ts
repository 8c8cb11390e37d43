import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { MESSAGES } from '../src/modules/auth/messages';
import { setupAuthMailApp } from './auth-setup';
import { codeIn, createAccount, nextClientAddress, uniqueEmail } from './helper';

const env = setupAuthMailApp();
const { clock } = env;

function call(method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object, token?: string) {
  return env.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: nextClientAddress(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function verifiedCode(email: string, purpose: 'signup' | 'reset'): Promise<string> {
  const trigger = purpose === 'signup' ? '/api/auth/email_verification/trigger' : '/api/auth/email/password_reset/trigger';
  expect((await call('POST', trigger, { email })).json().code).toBe(1);
  const code = codeIn(await env.smtp.nextMail(email));
  expect((await call('POST', '/api/auth/verify_otp', { email, otp: code })).json()).toEqual({ code: 1, message: 'OTP verified', data: null });
  return code;
}

async function loginCode(email: string, password: string): Promise<number> {
  return (await call('POST', '/api/auth/login', { email, password })).json().code;
}

describe('POST /api/auth/register', () => {
  it('is refused without a verified sign-up code', async () => {
    const email = uniqueEmail();
    const res = await call('POST', '/api/auth/register', { name: 'Asha', email, password: 'long-enough-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: 'Please verify your email with the OTP before signing up.', data: null });
    // A code that was sent but not verified is not enough either.
    await call('POST', '/api/auth/email_verification/trigger', { email });
    await env.smtp.nextMail(email);
    expect((await call('POST', '/api/auth/register', { name: 'Asha', email, password: 'long-enough-1' })).statusCode).toBe(422);
    const [account] = await env.t.db.select().from(users).where(eq(users.email, email));
    expect(account).toBeUndefined();
  });

  it('succeeds once after verification; the account can log in', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    const res = await call('POST', '/api/auth/register', { name: '  Asha Rao ', email: email.toUpperCase(), password: 'long-enough-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Sign up successful. Login to continue', data: null });
    const [account] = await env.t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ name: 'Asha Rao', email, role: 'user', auth_provider: 'local' });
    expect(account!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await loginCode(email, 'long-enough-1')).toBe(1);

    // Without a verified code, an email with an account gets the same answer as one without: the
    // call can't be used to find out who has an account.
    const again = await call('POST', '/api/auth/register', { name: 'Other', email, password: 'another-pass-1' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ code: 0, message: MESSAGES.signupNotVerified, data: null });
  });

  it('with a verified code, an email that gained an account meanwhile answers 409', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    await createAccount(env.t, { email, password: null, provider: 'google' });
    const res = await call('POST', '/api/auth/register', { name: 'A', email, password: 'long-enough-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: 'An account with this email already exists. Please log in.', data: null });
  });

  it('one verification makes one registration, even when the account is deleted in between', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    expect((await call('POST', '/api/auth/register', { name: 'A', email, password: 'long-enough-1' })).json().code).toBe(1);
    await env.t.db.delete(users).where(eq(users.email, email));
    const res = await call('POST', '/api/auth/register', { name: 'B', email, password: 'long-enough-2' });
    expect(res.json()).toEqual({ code: 0, message: MESSAGES.signupNotVerified, data: null });
  });

  it('a verification lasts 15 minutes', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    clock.advance(15 * 60_000 + 1000);
    const res = await call('POST', '/api/auth/register', { name: 'A', email, password: 'long-enough-1' });
    expect(res.json()).toEqual({ code: 0, message: MESSAGES.signupNotVerified, data: null });
  });

  it('refuses a password shorter than 8 characters', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    const res = await call('POST', '/api/auth/register', { name: 'A', email, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: 'Invalid body password: Password must be at least 8 characters.', data: null });
    // The verification was not used up by the refused request.
    expect((await call('POST', '/api/auth/register', { name: 'A', email, password: 'long-enough-1' })).json().code).toBe(1);
  });

  it('concurrent registrations with one verification create one account', async () => {
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    const answers = await Promise.all(
      [1, 2, 3].map((i) => call('POST', '/api/auth/register', { name: `A${i}`, email, password: `long-enough-${i}` })),
    );
    expect(answers.filter((a) => a.json().code === 1)).toHaveLength(1);
    expect(await env.t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('PATCH /api/auth/update/password (reset)', () => {
  it('without a verified reset code it changes nothing', async () => {
    const account = await createAccount(env.t);
    const res = await call('PATCH', '/api/auth/update/password', { email: account.email, password: 'taken-over-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 0,
      message: 'Please verify the OTP sent to your email before setting a new password.',
      data: null,
    });
    expect(await loginCode(account.email, 'taken-over-1')).toBe(0);
    expect(await loginCode(account.email, account.password!)).toBe(1);
  });

  it('a sign-up code cannot be used for a reset', async () => {
    const account = await createAccount(env.t);
    // A sign-up code can't even be asked for an existing account...
    expect((await call('POST', '/api/auth/email_verification/trigger', { email: account.email })).statusCode).toBe(409);
    // ...so take an email, verify a sign-up code for it, and have the account appear afterwards.
    const email = uniqueEmail();
    await verifiedCode(email, 'signup');
    const victim = await createAccount(env.t, { email, password: 'victims-pass-1' });
    const res = await call('PATCH', '/api/auth/update/password', { email, password: 'taken-over-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.resetNotVerified);
    expect(await loginCode(email, 'taken-over-1')).toBe(0);
    expect(await loginCode(email, victim.password!)).toBe(1);
  });

  it('a reset code of another email does not unlock this one', async () => {
    const mine = await createAccount(env.t);
    const theirs = await createAccount(env.t);
    await verifiedCode(mine.email, 'reset');
    const res = await call('PATCH', '/api/auth/update/password', { email: theirs.email, password: 'taken-over-1' });
    expect(res.json().code).toBe(0);
    expect(await loginCode(theirs.email, theirs.password!)).toBe(1);
  });

  it('works once after verification and ends every session of the account', async () => {
    const account = await createAccount(env.t);
    const session = (await call('POST', '/api/auth/login', { email: account.email, password: account.password! })).json().data;
    expect((await call('GET', '/api/user/me', undefined, session.access_token)).json().code).toBe(1);

    await verifiedCode(account.email, 'reset');
    const res = await call('PATCH', '/api/auth/update/password', { email: account.email, password: 'brand-new-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Password reset successful. Login to continue', data: null });

    const again = await call('PATCH', '/api/auth/update/password', { email: account.email, password: 'third-pass-123' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.resetNotVerified);

    expect(await loginCode(account.email, account.password!)).toBe(0);
    expect(await loginCode(account.email, 'brand-new-pass-1')).toBe(1);
    expect(await loginCode(account.email, 'third-pass-123')).toBe(0);

    const oldAccess = await call('GET', '/api/user/me', undefined, session.access_token);
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual({ code: -2, message: 'Your session has expired. Please login again.', data: null });
    const oldRefresh = await env.t.app.inject({
      method: 'POST',
      url: '/api/auth/verify/token',
      payload: { refreshToken: session.refresh_token },
    });
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json()).toEqual({ code: -2, message: 'Your session has expired. Please login again.', data: null });
  });

  it('a Google-only account may set a password through a reset; it stays a Google account', async () => {
    const account = await createAccount(env.t, { password: null, provider: 'google' });
    await verifiedCode(account.email, 'reset');
    expect((await call('PATCH', '/api/auth/update/password', { email: account.email, password: 'now-with-pass-1' })).json().code).toBe(1);
    const login = (await call('POST', '/api/auth/login', { email: account.email, password: 'now-with-pass-1' })).json();
    expect(login.code).toBe(1);
    expect(login.data.auth_provider).toBe('google');
  });
});
