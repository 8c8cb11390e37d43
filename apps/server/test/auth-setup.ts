import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, startSmtpPeer, TestClock, type SmtpPeer, type TestApp } from './helper';

/** What the e-mail code tests work with; `t` and `smtp` are there once beforeAll has run. */
export interface AuthMailEnv {
  readonly t: TestApp;
  readonly smtp: SmtpPeer;
  readonly clock: TestClock;
}

/**
 * For a test file of the e-mail code flows: one app per file whose mail goes to a real SMTP peer
 * (the outbox, unused with SMTP, points nowhere) and whose time is a clock the tests move.
 * Registers the file's beforeAll/afterAll, so call it at the top level of the file.
 */
export function setupAuthMailApp(): AuthMailEnv {
  const clock = new TestClock();
  let t: TestApp | undefined;
  let smtp: SmtpPeer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp({ mail: { smtpUrl: smtp.url, outboxDir: '/nonexistent' }, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  // Getters, because the files take this object at load time, before beforeAll has built anything.
  return {
    clock,
    get t() {
      if (!t) throw new Error('the auth test app is used before beforeAll has built it');
      return t;
    },
    get smtp() {
      if (!smtp) throw new Error('the SMTP peer is used before beforeAll has started it');
      return smtp;
    },
  };
}
