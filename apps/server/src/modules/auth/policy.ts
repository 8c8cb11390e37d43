/**
 * The numbers of the accounts rules, in one place (spec 1 §9 gives the OTP length and its 5:00
 * countdown; the rest is ours: chosen for the accounts issue, each explained where it is used).
 */

export const MINUTE_MS = 60_000;

/** A code is good for the 5 minutes the sign-up and reset screens count down. */
export const OTP_VALIDITY_MS = 5 * MINUTE_MS;
/** Wrong tries allowed per code; then a new code is needed. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified code unlocks registration or the password reset for this long, once. */
export const OTP_VERIFIED_WINDOW_MS = 15 * MINUTE_MS;
/** Resends: one per 30 seconds per email and purpose; five per hour per email (both purposes together). */
export const OTP_RESEND_INTERVAL_MS = 30_000;
export const OTP_PER_EMAIL_PER_HOUR = 5;
/** Codes asked for from one client address per hour. */
export const OTP_PER_IP_PER_HOUR = 20;
export const HOUR_MS = 60 * MINUTE_MS;

/** Failed sign-ins are counted over 15 minutes. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/**
 * From the 5th failure for one email from one client address, that pair waits 1, 2, 4, 8, then 15
 * minutes after each further failure. Per email and address together, so a stranger elsewhere
 * cannot lock the owner out with a few wrong passwords.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_LOCK_BASE_MS = MINUTE_MS;
export const LOGIN_LOCK_MAX_MS = 15 * MINUTE_MS;
/** One client address may fail this often per window, whatever the emails. */
export const LOGIN_FAILURES_PER_IP = 30;
/**
 * One email may fail this often per window from all addresses together (a guessing network); then it
 * is locked until the window passes or the owner resets the password. One address alone can't reach
 * it: the per-address rules stop it far sooner.
 */
export const LOGIN_FAILURES_PER_EMAIL = 100;

/** A session (and so its refresh tokens) ends 30 days after the login that opened it. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/**
 * A refresh token presented again this soon after its rotation, while the token that rotation issued is
 * still unused, is a retry (the answer was lost), not a copy: it gets a new token (sessions.ts).
 */
export const REFRESH_RETRY_GRACE_MS = 2 * MINUTE_MS;
