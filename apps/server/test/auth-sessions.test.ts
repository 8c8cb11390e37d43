import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { loginFailures, refreshTokens, sessions } from '../src/db/schema';
import { REFRESH_RETRY_GRACE_MS } from '../src/modules/auth/policy';
import { hashRefreshToken, issueSession } from '../src/modules/auth/sessions';
import { buildTestApp, createAccount, nextClientAddress, TestClock, uniqueEmail, type LoginData, type TestApp } from './helper';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(() => t.close());

const EXPIRED = { code: -2, message: 'Your session has expired. Please login again.', data: null };

function inject(method: 'POST' | 'PATCH' | 'GET', url: string, options: { payload?: object; token?: string; ip?: string } = {}) {
  return t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    remoteAddress: options.ip ?? nextClientAddress(),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
  });
}

async function login(email: string, password: string, ip?: string): Promise<LoginData> {
  const res = await inject('POST', '/api/auth/login', { payload: { email, password }, ...(ip ? { ip } : {}) });
  expect(res.json().code).toBe(1);
  return res.json().data;
}

function me(token: string) {
  return inject('GET', '/api/user/me', { token });
}

function refresh(refreshToken: string, accessToken?: string) {
  return inject('POST', '/api/auth/verify/token', { payload: { refreshToken }, ...(accessToken ? { token: accessToken } : {}) });
}

describe('POST /api/auth/login', () => {
  it('answers the login data of spec 1 §3', async () => {
    const account = await createAccount(t, { name: 'Asha Rao' });
    const res = await inject('POST', '/api/auth/login', { payload: { email: ` ${account.email.toUpperCase()} `, password: account.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.message).toBe('Login successful');
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'auth_provider', 'email', 'name', 'refresh_token', 'role']);
    expect(body.data).toMatchObject({ name: 'Asha Rao', email: account.email, role: 'user', auth_provider: 'local' });
    expect(body.data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = await t.app.tokens.verifyAccessToken(body.data.access_token);
    expect(claims).toMatchObject({ sub: account.id, role: 'user' });
    expect(claims!.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await me(body.data.access_token)).json().data).toEqual({ name: 'Asha Rao', email: account.email, auth_provider: 'local' });
  });

  it('a wrong email and a wrong password get the same answer', async () => {
    const account = await createAccount(t);
    const wrongPassword = await inject('POST', '/api/auth/login', { payload: { email: account.email, password: 'not-the-password' } });
    const wrongEmail = await inject('POST', '/api/auth/login', { payload: { email: uniqueEmail('nobody'), password: account.password } });
    const google = await createAccount(t, { password: null, provider: 'google' });
    const noPassword = await inject('POST', '/api/auth/login', { payload: { email: google.email, password: 'anything-at-all' } });
    for (const res of [wrongPassword, wrongEmail, noPassword]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: 'Invalid email or password.', data: null });
    }
  });

  it('throttles an email from one address after 5 failures, then lets it in once the wait is over', async () => {
    const account = await createAccount(t);
    const ip = nextClientAddress();
    const attempt = (password: string) => inject('POST', '/api/auth/login', { payload: { email: account.email, password }, ip });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    const locked = await attempt(account.password!);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 0, message: 'Too many failed login attempts. Please try again in 1 minute(s).', data: null });
    // Another account is not affected.
    const other = await createAccount(t);
    await login(other.email, other.password!, ip);

    clock.advance(61_000);
    // One more failure doubles the wait...
    expect((await attempt('wrong-again')).statusCode).toBe(400);
    expect((await attempt(account.password!)).json().message).toBe('Too many failed login attempts. Please try again in 2 minute(s).');
    // ...and after it the right password works and clears the count.
    clock.advance(2 * 60_000 + 1000);
    await login(account.email, account.password!, ip);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.email, account.email))).toHaveLength(0);
  });

  it("a stranger's failures from elsewhere do not lock the owner out", async () => {
    const account = await createAccount(t);
    const stranger = nextClientAddress();
    for (let i = 0; i < 6; i++) await inject('POST', '/api/auth/login', { payload: { email: account.email, password: `guess-${i}` }, ip: stranger });
    expect((await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password! }, ip: stranger })).statusCode).toBe(429);
    await login(account.email, account.password!, nextClientAddress());
  });

  it('failures count for unknown emails too, so the throttle reveals nothing', async () => {
    const email = uniqueEmail('nobody');
    const ip = nextClientAddress();
    for (let i = 0; i < 5; i++) await inject('POST', '/api/auth/login', { payload: { email, password: 'whatever-1' }, ip });
    expect((await inject('POST', '/api/auth/login', { payload: { email, password: 'whatever-1' }, ip })).statusCode).toBe(429);
  });

  it('throttles a client address after 30 failures within 15 minutes, whatever the emails', async () => {
    const ip = nextClientAddress();
    for (let i = 0; i < 30; i++) {
      const res = await inject('POST', '/api/auth/login', { payload: { email: uniqueEmail('spray'), password: 'guess-1234' }, ip });
      expect(res.statusCode).toBe(400);
    }
    const account = await createAccount(t);
    const res = await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password }, ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(0);
    expect(res.json().message).toMatch(/^Too many failed login attempts from your network\. Please try again in \d+ minute\(s\)\.$/);
    await login(account.email, account.password!);
    clock.advance(15 * 60_000 + 1000);
    await login(account.email, account.password!, ip);
  });
});

describe('POST /api/auth/verify/token', () => {
  it('rotates the refresh token and answers fresh login data', async () => {
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    const res = await refresh(first.refresh_token, first.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
    expect(res.json().message).toBe('Token verified');
    const second: LoginData = res.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second).toMatchObject({ email: account.email, role: 'user', auth_provider: 'local' });
    expect((await me(second.access_token)).json().code).toBe(1);
    // The refresh token alone (no access token) also works.
    const third = await refresh(second.refresh_token);
    expect(third.json().code).toBe(1);
  });

  it('accepts an expired access token of the same session, refuses one of another session or forged', async () => {
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    const other = await login(account.email, account.password!);
    clock.advance(25 * 60 * 60_000);
    expect((await me(first.access_token)).json()).toEqual(EXPIRED);
    expect((await refresh(first.refresh_token, other.access_token)).json()).toEqual(EXPIRED);
    expect((await refresh(first.refresh_token, 'not-a-jwt')).json()).toEqual(EXPIRED);
    const res = await refresh(first.refresh_token, first.access_token);
    expect(res.json().code).toBe(1);
    expect((await me(res.json().data.access_token)).json().code).toBe(1);
  });

  it('replaying a rotated refresh token after the 2-minute retry grace ends the whole session, the newest token included', async () => {
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    const second: LoginData = (await refresh(first.refresh_token)).json().data;
    clock.advance(REFRESH_RETRY_GRACE_MS + 1000);
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(EXPIRED);
    expect((await refresh(second.refresh_token)).json()).toEqual(EXPIRED);
    expect((await me(second.access_token)).json()).toEqual(EXPIRED);
    // Other sessions of the account live on.
    const another = await login(account.email, account.password!);
    expect((await me(another.access_token)).json().code).toBe(1);
  });

  it('a rotation whose answer was lost is retried within the grace: the unused token it issued is replaced, the session lives', async () => {
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    const lost: LoginData = (await refresh(first.refresh_token)).json().data;
    clock.advance(REFRESH_RETRY_GRACE_MS - 1000);
    const retried = await refresh(first.refresh_token);
    expect(retried.json().code).toBe(1);
    const kept: LoginData = retried.json().data;
    expect(kept.refresh_token).not.toBe(lost.refresh_token);
    // The token of the lost answer is gone; the new one rotates as usual.
    expect((await refresh(lost.refresh_token)).json()).toEqual(EXPIRED);
    const next = await refresh(kept.refresh_token);
    expect(next.json().code).toBe(1);
    expect((await me(next.json().data.access_token)).json().code).toBe(1);
    // Once the token it issued has been used, the first token is a copy even within the grace.
    const replay = await refresh(first.refresh_token);
    expect(replay.json()).toEqual(EXPIRED);
    expect((await me(next.json().data.access_token)).json()).toEqual(EXPIRED);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.user_id, account.id));
    expect(session!.revoked_reason).toBe('refresh_reuse');
  });

  it('concurrent use of one refresh token (tabs without Web Locks): each is answered, one token stays good, the session lives', async () => {
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    const answers = await Promise.all([1, 2, 3].map(() => refresh(first.refresh_token)));
    expect(answers.map((a) => a.json().code)).toEqual([1, 1, 1]);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.user_id, account.id));
    expect(session!.revoked_at).toBeNull();
    const unused = await t.db
      .select({ hash: refreshTokens.token_hash })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.session_id, session!.id), isNull(refreshTokens.used_at)));
    const given = answers.map((a) => hashRefreshToken(a.json().data.refresh_token));
    expect(unused).toHaveLength(1);
    expect(given).toContain(unused[0]!.hash);
  });

  it('an unknown refresh token, or one past the 30-day session, is refused', async () => {
    expect((await refresh('x'.repeat(43))).json()).toEqual(EXPIRED);
    const account = await createAccount(t);
    const first = await login(account.email, account.password!);
    clock.advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await refresh(first.refresh_token, first.access_token)).json()).toEqual(EXPIRED);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the access token and of the refresh token', async () => {
    const account = await createAccount(t);
    const session = await login(account.email, account.password!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { refreshToken: session.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Successfully logged out', data: null });
    expect((await me(session.access_token)).json()).toEqual(EXPIRED);
    expect((await refresh(session.refresh_token)).json()).toEqual(EXPIRED);
  });

  it('with only the refresh token (an expired access token), or with nothing at all', async () => {
    const account = await createAccount(t);
    const session = await login(account.email, account.password!);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refresh_token } });
    expect(res.json().code).toBe(1);
    expect((await me(session.access_token)).json()).toEqual(EXPIRED);
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(bare.json()).toEqual({ code: 1, message: 'Successfully logged out', data: null });
  });
});

describe('PATCH /api/auth/change/password', () => {
  const url = '/api/auth/change/password';

  it('needs a login', async () => {
    const res = await inject('PATCH', url, { payload: { current_password: 'a', new_password: 'long-enough-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: -2, message: 'Please login to continue.', data: null });
  });

  it('checks the current password', async () => {
    const account = await createAccount(t);
    const session = await login(account.email, account.password!);
    const res = await inject('PATCH', url, { token: session.access_token, payload: { current_password: 'wrong-one', new_password: 'long-enough-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: 'Current password is incorrect.', data: null });
    expect((await inject('POST', '/api/auth/login', { payload: { email: account.email, password: 'long-enough-1' } })).json().code).toBe(0);
  });

  it('changes it and ends the other sessions, keeping this one', async () => {
    const account = await createAccount(t);
    const here = await login(account.email, account.password!);
    const elsewhere = await login(account.email, account.password!);
    const res = await inject('PATCH', url, { token: here.access_token, payload: { current_password: account.password, new_password: 'changed-pass-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Password updated', data: null });
    expect((await me(here.access_token)).json().code).toBe(1);
    expect((await me(elsewhere.access_token)).json()).toEqual(EXPIRED);
    expect((await refresh(elsewhere.refresh_token)).json()).toEqual(EXPIRED);
    expect((await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password } })).json().code).toBe(0);
    await login(account.email, 'changed-pass-1');
  });

  it('is refused for Google accounts', async () => {
    const google = await createAccount(t, { password: null, provider: 'google' });
    const session = await issueSession(t.db, t.app.tokens, { id: google.id, name: 'G', email: google.email, role: 'user', auth_provider: 'google' }, clock.now());
    const res = await inject('PATCH', url, { token: session.access_token, payload: { current_password: 'anything', new_password: 'long-enough-1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: 'Password change is only available for email accounts.', data: null });
  });
});
