import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { otpCodes } from '../src/db/schema';
import { MESSAGES, OTP_SENT_MESSAGE } from '../src/modules/auth/messages';
import { setupAuthMailApp } from './auth-setup';
import { codeIn, createAccount, nextClientAddress, uniqueEmail } from './helper';

const env = setupAuthMailApp();
const { clock } = env;

const SIGNUP_TRIGGER = '/api/auth/email_verification/trigger';
const RESET_TRIGGER = '/api/auth/email/password_reset/trigger';

function post(url: string, payload: object, ip = nextClientAddress()) {
  return env.t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

async function signupCode(email: string, ip?: string): Promise<string> {
  const res = await post(SIGNUP_TRIGGER, { email }, ip);
  expect(res.json()).toEqual({ code: 1, message: OTP_SENT_MESSAGE, data: null });
  return codeIn(await env.smtp.nextMail(email));
}

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('the code mail, received over SMTP', () => {
  it('has text and HTML parts with the store name, the code and its validity', async () => {
    const email = uniqueEmail();
    const res = await post(SIGNUP_TRIGGER, { email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'OTP sent successfully', data: null });
    const mail = await env.smtp.nextMail(email);
    expect(mail.subject).toContain('SSD Store');
    expect(mail.raw).toMatch(/^From: "?SSD Store"? <no-reply@ssdstore\.example>/m);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('SSD Store');
    expect(mail.text).toContain('valid for 5 minutes');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('SSD Store');
    expect(mail.html).toContain('5 minutes');
    // Only a keyed hash is stored.
    const [row] = await env.t.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(row!.code_hash).not.toContain(code);
    expect(row!.purpose).toBe('signup');
  });

  it('a failed send answers code -1 and leaves the code unusable', async () => {
    const email = uniqueEmail();
    env.smtp.peer.rejectData = true;
    try {
      const res = await post(SIGNUP_TRIGGER, { email });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: -1, message: 'Failed to send OTP', data: null });
    } finally {
      env.smtp.peer.rejectData = false;
    }
    // The peer saw the message before refusing it: the code it carried must not verify.
    const code = codeIn(await env.smtp.nextMail(email));
    const verify = await post('/api/auth/verify_otp', { email, otp: code });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ code: 0, message: MESSAGES.otpNone, data: null });
  });
});

describe('POST /api/auth/email_verification/trigger', () => {
  it('refuses an email that already has an account', async () => {
    const account = await createAccount(env.t);
    const res = await post(SIGNUP_TRIGGER, { email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: 'An account with this email already exists. Please log in.', data: null });
  });

  it('refuses a malformed email with a code-0 400', async () => {
    const res = await post(SIGNUP_TRIGGER, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(0);
  });

  it('throttles resends per email: one per 30 seconds, five per hour', async () => {
    const email = uniqueEmail();
    await signupCode(email);
    const soon = await post(SIGNUP_TRIGGER, { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ code: 0, message: 'Please wait 30 seconds before requesting another OTP.', data: null });
    clock.advance(10_000);
    expect((await post(SIGNUP_TRIGGER, { email })).json().message).toBe('Please wait 20 seconds before requesting another OTP.');
    for (let i = 2; i <= 5; i++) {
      clock.advance(31_000);
      await signupCode(email);
    }
    clock.advance(31_000);
    const sixth = await post(SIGNUP_TRIGGER, { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(0);
    expect(sixth.json().message).toMatch(/^Too many OTPs requested for this email\. Please try again in \d+ minute\(s\)\.$/);
    clock.advance(60 * 60_000);
    await signupCode(email);
  });

  it('a code of one purpose does not hold up a code of the other for 30 seconds', async () => {
    const email = uniqueEmail();
    await signupCode(email);
    const reset = await post(RESET_TRIGGER, { email });
    expect(reset.json()).toEqual({ code: 1, message: 'OTP sent successfully', data: null });
    expect((await post(RESET_TRIGGER, { email })).statusCode).toBe(429);
  });

  it('throttles per client address: 20 codes an hour', async () => {
    const ip = nextClientAddress();
    for (let i = 0; i < 20; i++) await signupCode(uniqueEmail(), ip);
    const res = await post(SIGNUP_TRIGGER, { email: uniqueEmail() }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(0);
    expect(res.json().message).toMatch(/^Too many OTPs requested from your network\. Please try again in \d+ minute\(s\)\.$/);
    // Another address is not affected.
    await signupCode(uniqueEmail());
    clock.advance(60 * 60_000 + 1000);
    await signupCode(uniqueEmail(), ip);
  });
});

describe('POST /api/auth/verify_otp', () => {
  it('verifies the right code once', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    const res = await post('/api/auth/verify_otp', { email, otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'OTP verified', data: null });
    const again = await post('/api/auth/verify_otp', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 0, message: 'This OTP has already been used. Please request a new one.', data: null });
  });

  it('counts wrong tries: after five, even the right code is refused until a new one is sent', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    for (let left = 4; left >= 1; left--) {
      const res = await post('/api/auth/verify_otp', { email, otp: wrong(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: `Invalid OTP. ${left} attempt(s) left.`, data: null });
    }
    const fifth = await post('/api/auth/verify_otp', { email, otp: wrong(code) });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ code: 0, message: 'Too many wrong attempts. Please request a new OTP.', data: null });
    const sixth = await post('/api/auth/verify_otp', { email, otp: wrong(code) });
    expect(sixth.json()).toEqual({ code: 0, message: 'Too many wrong attempts. Please request a new OTP.', data: null });
    const right = await post('/api/auth/verify_otp', { email, otp: code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 0, message: 'Too many wrong attempts. Please request a new OTP.', data: null });

    clock.advance(31_000);
    const fresh = await signupCode(email);
    expect((await post('/api/auth/verify_otp', { email, otp: fresh })).json().code).toBe(1);
  });

  it('a code expires after 5 minutes', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    clock.advance(5 * 60_000 - 1000);
    const other = uniqueEmail();
    const otherCode = await signupCode(other);
    expect((await post('/api/auth/verify_otp', { email: other, otp: otherCode })).json().code).toBe(1);
    clock.advance(1000);
    const res = await post('/api/auth/verify_otp', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: 'OTP has expired. Please request a new one.', data: null });
  });

  it('a new code voids the previous one', async () => {
    const email = uniqueEmail();
    const first = await signupCode(email);
    clock.advance(31_000);
    const second = await signupCode(email);
    if (first !== second) {
      const old = await post('/api/auth/verify_otp', { email, otp: first });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ code: 0, message: 'Invalid OTP. 4 attempt(s) left.', data: null });
    }
    expect((await post('/api/auth/verify_otp', { email, otp: second })).json()).toEqual({ code: 1, message: 'OTP verified', data: null });
    const rows = await env.t.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(rows.filter((r) => r.voided_at === null)).toHaveLength(1);
  });

  it('a code is bound to its email and its purpose', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    const otherEmail = await post('/api/auth/verify_otp', { email: uniqueEmail(), otp: code });
    expect(otherEmail.json()).toEqual({ code: 0, message: MESSAGES.otpNone, data: null });
    const asReset = await post('/api/auth/verify_otp', { email, otp: code, purpose: 'reset' });
    expect(asReset.json()).toEqual({ code: 0, message: MESSAGES.otpNone, data: null });
    expect((await post('/api/auth/verify_otp', { email, otp: code, purpose: 'signup' })).json().code).toBe(1);
  });

  it('refuses a code that is not 6 digits as bad input', async () => {
    const res = await post('/api/auth/verify_otp', { email: uniqueEmail(), otp: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(0);
  });

  it('two concurrent right answers verify the code once', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/auth/verify_otp', { email, otp: code })));
    expect(answers.map((a) => a.json().code).sort()).toEqual([0, 0, 1]);
  });
});

describe('POST /api/auth/email/password_reset/trigger', () => {
  it('mails a reset code to an account', async () => {
    const account = await createAccount(env.t);
    const res = await post(RESET_TRIGGER, { email: account.email });
    expect(res.json()).toEqual({ code: 1, message: 'OTP sent successfully', data: null });
    const mail = await env.smtp.nextMail(account.email);
    expect(mail.subject).toContain('password reset');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('answers the same for an unknown email, sends nothing, and throttles the same', async () => {
    const email = uniqueEmail('nobody');
    const res = await post(RESET_TRIGGER, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'OTP sent successfully', data: null });
    const again = await post(RESET_TRIGGER, { email });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Please wait 30 seconds before requesting another OTP.');
    // Give any stray mail a moment to arrive: none may.
    await new Promise((r) => setTimeout(r, 100));
    expect(env.smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe('guesses sent all at once', () => {
  it('no more than five are compared: the right code sent after 39 wrong ones is refused unless it took one of the five tries', async () => {
    const email = uniqueEmail();
    const code = await signupCode(email);
    const guesses = [...Array.from({ length: 39 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')), code];
    const answers = await Promise.all(guesses.map((otp) => post('/api/auth/verify_otp', { email, otp })));
    const bodies = answers.map((a) => a.json() as { code: number; message: string });

    const [row] = await env.t.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(row!.attempts).toBe(5);
    const compared = bodies.filter((b) => b.code === 1 || b.message.startsWith('Invalid OTP.'));
    expect(compared.length).toBeLessThanOrEqual(5);
    // Each compared wrong guess used up its own try: 4, 3, 2, 1 left (fewer when the right code took one).
    const left = bodies.filter((b) => b.message.startsWith('Invalid OTP.')).map((b) => b.message);
    expect(new Set(left).size).toBe(left.length);
    const rightAnswer = bodies[39]!;
    if (rightAnswer.code === 1) {
      expect(row!.verified_at).not.toBeNull();
    } else {
      // Refused before it was compared, like every guess past the fifth try.
      expect(answers[39]!.statusCode).toBe(429);
      expect(rightAnswer).toEqual({ code: 0, message: MESSAGES.otpTooManyAttempts, data: null });
      expect(row!.verified_at).toBeNull();
    }
    expect(bodies.filter((b) => b.message === MESSAGES.otpTooManyAttempts).length).toBeGreaterThanOrEqual(35);
  });
});
