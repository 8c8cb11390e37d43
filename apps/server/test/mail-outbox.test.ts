import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, codeIn, parseMail, type TestApp } from './helper';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ssd-mail-test-'));
  // As main.ts configures it without SMTP_URL: the outbox is DATA_DIR/mail.
  t = await buildTestApp({ mail: { smtpUrl: null, outboxDir: join(dataDir, 'mail') } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail without SMTP_URL', () => {
  it('writes each mail as an .eml file in DATA_DIR/mail, whose code verifies', async () => {
    const email = 'outbox-reader@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/email_verification/trigger', payload: { email } });
    expect(res.json()).toEqual({ code: 1, message: 'OTP sent successfully', data: null });
    const files = await readdir(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-signup-[0-9a-f]{8}\.eml$/);
    const mail = parseMail(await readFile(join(dataDir, 'mail', files[0]!), 'utf8'));
    expect(mail.raw).toContain(`To: ${email}`);
    expect(mail.text).toContain('valid for 5 minutes');
    expect(mail.html).toContain(codeIn(mail));
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify_otp', payload: { email, otp: codeIn(mail) } });
    expect(verify.json()).toEqual({ code: 1, message: 'OTP verified', data: null });
  });
});
