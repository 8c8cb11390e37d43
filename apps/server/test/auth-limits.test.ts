import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../src/db/schema';
import { MESSAGES } from '../src/modules/auth/messages';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP } from '../src/modules/auth/policy';
import { PASSWORD_BUSY_MESSAGE } from '../src/modules/auth/passwords';
import { buildTestApp, codeIn, createAccount, nextClientAddress, startSmtpPeer, uniqueEmail, type SmtpPeer, type TestApp } from './helper';

/**
 * The login limits hold under bursts: every try takes its slot before a password is compared, so
 * tries sent all at once are counted as they arrive (login-throttle.ts). On PostgreSQL the requests
 * of a burst really run side by side on the connection pool.
 */

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  // Room for a whole burst in the argon2 queue, so every refusal below comes from the login limits.
  t = await buildTestApp({
    passwordWork: { concurrency: 2, queue: { check: 200, create: 8 } },
    mail: { smtpUrl: smtp.url, outboxDir: '/nonexistent' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function login(email: string, password: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
}

function tally(answers: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

describe('a burst of logins from one address', () => {
  it('41 at once for one email: only 5 passwords are compared, and the right one sent 25th does not get in', async () => {
    const account = await createAccount(t);
    const ip = nextClientAddress();
    const passwords = Array.from({ length: 41 }, (_, i) => (i === 24 ? account.password! : `wrong-guess-${i}`));
    const computedBefore = t.app.passwordWork.computations;
    const answers = await Promise.all(passwords.map((password) => login(account.email, password, ip)));

    expect(tally(answers)).toEqual({ 400: LOGIN_FAILURES_PER_ACCOUNT, 429: 41 - LOGIN_FAILURES_PER_ACCOUNT });
    expect(answers[24]!.json()).toEqual({ code: 0, message: MESSAGES.loginLocked(1), data: null });
    expect(t.app.passwordWork.computations - computedBefore).toBe(LOGIN_FAILURES_PER_ACCOUNT);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.email, account.email))).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT);
  });

  it('41 at once for 41 emails: only 30 passwords are compared', async () => {
    const ip = nextClientAddress();
    const computedBefore = t.app.passwordWork.computations;
    const answers = await Promise.all(Array.from({ length: 41 }, () => login(uniqueEmail('spray'), 'guess-1234', ip)));
    expect(tally(answers)).toEqual({ 400: LOGIN_FAILURES_PER_IP, 429: 41 - LOGIN_FAILURES_PER_IP });
    expect(t.app.passwordWork.computations - computedBefore).toBe(LOGIN_FAILURES_PER_IP);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().message).toBe(MESSAGES.loginIpLocked(15));
    }
  });
});

describe('a guessing network: one email from many addresses', () => {
  it(`locks the email after ${LOGIN_FAILURES_PER_EMAIL} failures in all, even at once; a password reset lifts it`, async () => {
    const account = await createAccount(t);
    const computedBefore = t.app.passwordWork.computations;
    const answers = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_EMAIL + 20 }, (_, i) => login(account.email, `guess-${i}`, nextClientAddress())),
    );
    expect(tally(answers)).toEqual({ 400: LOGIN_FAILURES_PER_EMAIL, 429: 20 });
    expect(t.app.passwordWork.computations - computedBefore).toBe(LOGIN_FAILURES_PER_EMAIL);

    const owner = await login(account.email, account.password!, nextClientAddress());
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual({ code: 0, message: MESSAGES.loginAccountLocked(15), data: null });

    // The owner proves themselves with a reset code and is let in at once.
    const post = (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
      t.app.inject({ method, url, payload, remoteAddress: nextClientAddress() });
    expect((await post('/api/auth/email/password_reset/trigger', { email: account.email })).json().code).toBe(1);
    const code = codeIn(await smtp.nextMail(account.email));
    expect((await post('/api/auth/verify_otp', { email: account.email, otp: code })).json().code).toBe(1);
    expect((await post('/api/auth/update/password', { email: account.email, password: 'a-new-password-1' }, 'PATCH')).json().code).toBe(1);
    expect((await login(account.email, 'a-new-password-1', nextClientAddress())).json().code).toBe(1);
  });
});

describe('argon2 is bounded and runs last', () => {
  it('sign-ups and resets without a verified code are refused before any password is hashed', async () => {
    const computedBefore = t.app.passwordWork.computations;
    const requests = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0
        ? t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Flood', email: uniqueEmail('flood'), password: 'long-enough-1' } })
        : t.app.inject({ method: 'PATCH', url: '/api/auth/update/password', payload: { email: uniqueEmail('flood'), password: 'long-enough-1' } }),
    );
    const answers = await Promise.all(requests);
    expect(tally(answers)).toEqual({ 422: 30 });
    expect(t.app.passwordWork.computations).toBe(computedBefore);
  });

  it('beyond the running and waiting computations, a login is answered 503 at once in the envelope', async () => {
    const small = await buildTestApp({ passwordWork: { concurrency: 1, queue: { check: 2, create: 1 } } });
    try {
      const accounts = await Promise.all(Array.from({ length: 12 }, () => createAccount(small)));
      const answers = await Promise.all(
        accounts.map((a) => small.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: a.password }, remoteAddress: nextClientAddress() })),
      );
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(3);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const a of busy) expect(a.json()).toEqual({ code: -1, message: PASSWORD_BUSY_MESSAGE, data: null });
      // A refusal for load is no failed login: nothing was counted against those emails.
      for (const [i, a] of answers.entries()) {
        if (a.statusCode === 503) expect(await small.db.select().from(loginFailures).where(eq(loginFailures.email, accounts[i]!.email))).toHaveLength(0);
      }
    } finally {
      await small.close();
    }
  });
});
