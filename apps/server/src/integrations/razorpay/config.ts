import { RAZORPAY_API_BASE } from './client';

/**
 * How the server takes payments: with Razorpay keys, Razorpay at RAZORPAY_API_BASE; without any, the
 * built-in sandbox (src/sandbox/), whose keys are generated once and kept in the database.
 */
export type PaymentSettings =
  | { mode: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiBase: string }
  | { mode: 'sandbox' };

const KEYS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
/** Razorpay's key ids: rzp_test_… in test mode, rzp_live_… in live mode. */
const KEY_ID = /^rzp_(test|live)_[A-Za-z0-9]+$/;

/**
 * Reads RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and RAZORPAY_API_BASE. All three keys
 * or none: some of them is a mistake worth stopping the start for (a store that silently fell back to the
 * sandbox would take no money). Throws with a message naming what is missing or wrong, never a value.
 */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const values = KEYS.map((name) => env[name]?.trim() ?? '');
  const set = KEYS.filter((_name, i) => values[i] !== '');
  if (set.length === 0) return { mode: 'sandbox' };
  if (set.length < KEYS.length) {
    const missing = KEYS.filter((name) => !set.includes(name));
    throw new Error(
      `Razorpay is half configured: ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not. ` +
        'Set all three to take payments with Razorpay, or none to run the built-in sandbox.',
    );
  }
  const [keyId, keySecret, webhookSecret] = values as [string, string, string];
  if (!KEY_ID.test(keyId)) throw new Error('RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…)');
  return { mode: 'razorpay', keyId, keySecret, webhookSecret, apiBase: parseApiBase(env.RAZORPAY_API_BASE) };
}

function parseApiBase(value: string | undefined): string {
  const raw = value?.trim() || RAZORPAY_API_BASE;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`RAZORPAY_API_BASE must be an http(s) URL such as ${RAZORPAY_API_BASE}, got '${raw}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`RAZORPAY_API_BASE must be an http(s) URL such as ${RAZORPAY_API_BASE}, got '${raw}'`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('RAZORPAY_API_BASE must be a plain address (no credentials, query or fragment)');
  }
  return raw.replace(/\/+$/, '');
}
