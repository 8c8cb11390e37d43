import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The demo server writes each mail as an .eml file to DATA_DIR/mail/ when no SMTP_URL is set. */
function outboxDir(): string {
  const dataDir = process.env.SSD_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SSD_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'mail');
}

function mailsTo(address: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(join(outboxDir(), name), 'utf8'))
    .filter((mail) => new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail));
}

/** Waits for the n-th mail to `address` and returns the 6-digit code in it. */
export async function readCodeFromOutbox(address: string, nth: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(address);
        const mail = mails[nth - 1];
        const match = mail ? /\b(\d{6})\b/.exec(mail.split(/\r?\n\r?\n/).slice(1).join('\n')) : null;
        code = match?.[1] ?? '';
        return code;
      },
      { message: `mail number ${nth} to ${address} with a code`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
