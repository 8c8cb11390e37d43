import { STORE_NAME } from '@ssd/shared/constants';
import type { OtpPurpose } from '@ssd/shared/auth';
import type { MailMessage } from '../../integrations/mail/mailer';
import { OTP_VALIDITY_MS } from './policy';

const WHAT: Record<OtpPurpose, { subject: string; action: string }> = {
  signup: { subject: `Your ${STORE_NAME} sign-up code`, action: 'finish creating your account' },
  reset: { subject: `Your ${STORE_NAME} password reset code`, action: 'reset your password' },
};

/** The mail that carries a one-time code: plain text and HTML, the store's name, the code and how long it lasts. */
export function otpMail(to: string, purpose: OtpPurpose, code: string): MailMessage {
  const { subject, action } = WHAT[purpose];
  const minutes = OTP_VALIDITY_MS / 60_000;
  const text = [
    `Hello from ${STORE_NAME},`,
    '',
    `Your one-time code to ${action} is: ${code}`,
    '',
    `It is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this mail; nobody can use it without access to your inbox.`,
    '',
    `— ${STORE_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#222">
<h2 style="color:#8a6d1d">${STORE_NAME}</h2>
<p>Your one-time code to ${action} is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this mail.</p>
</body></html>`;
  return { to, subject, text, html, purpose };
}
