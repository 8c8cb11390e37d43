import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_MAIL_FROM } from './integrations/mail/mailer';
import { googleOidcOptionsFromEnv, type OidcClientOptions } from './integrations/oidc/google-client';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE } from './content/budget';
import { DEFAULT_POOL_SIZE } from './db/client';
import { paymentSettingsFromEnv, type PaymentSettings } from './integrations/razorpay/config';
import { canonicalState } from '@ssd/shared/addresses';
import { rupeesToPaise } from '@ssd/shared/money';
import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings } from './modules/checkout/settings';
import { defaultSeller, gstinProblem, type SellerSettings } from './modules/invoices/seller';

/** Every setting the server reads, from the environment, with safe defaults for the embedded demo. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and the mail outbox live (and secrets.json of earlier versions). */
  dataDir: string;
  /** A PostgreSQL URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | null;
  /**
   * The same database without a transaction pooler in between (DATABASE_SESSION_URL), for migrations and
   * LISTEN, which hold session state; null: databaseUrl (decisions/0098).
   */
  databaseSessionUrl: string | null;
  /** Connections this process keeps to PostgreSQL (DATABASE_POOL_SIZE); see DEFAULT_POOL_SIZE. */
  databasePoolSize: number;
  /** Seed the demo catalogue and accounts into an empty database at start. */
  demo: boolean;
  /**
   * JWT_SECRET from the environment; null: the one kept in the database (db/secrets.ts), which main.ts
   * reads once the database is open, so every server on one PostgreSQL shares it.
   */
  jwtSecret: string | null;
  /** Built SPA to serve; null to serve the API only. */
  webDistDir: string | null;
  logLevel: string;
  /** smtp(s)://user:pass@host:port; without it mails are written to DATA_DIR/mail as .eml files. */
  smtpUrl: string | null;
  /** Google sign-in; null when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set. */
  google: OidcClientOptions | null;
  /** Which proxies may name the client in X-Forwarded-For (TRUST_PROXY); per-address limits depend on it. */
  trustProxy: TrustProxy;
  /** The From of every mail. */
  mailFrom: string;
  /** Size of the content answer cache in millions of characters (≈ MB); 0 turns it off. */
  contentCacheMb: number;
  /** Checkout fees and hold length (DELIVERY_CHARGE, FREE_DELIVERY_FROM, PLATFORM_FEE in rupees; RESERVATION_MINUTES). */
  checkout: CheckoutSettings;
  /** Content reads per client address per minute (CONTENT_RATE_LIMIT). */
  contentRateLimitPerMinute: number;
  /** Razorpay's keys (RAZORPAY_*), or the built-in sandbox when none are set. */
  payments: PaymentSettings;
  /** Who sells, printed on GST invoices (SELLER_NAME, SELLER_ADDRESS, SELLER_GSTIN; SELLER_STATE); a demo seller by default. */
  seller: SellerSettings;
}

/** npm runs workspace scripts inside the workspace folder; relative paths are meant from where the user typed the command. */
function userCwd(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD ?? process.cwd();
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${value}'`);
  return port;
}

/** DATABASE_SESSION_URL only beside DATABASE_URL: alone it would name a database the store does not use. */
function parseSessionUrl(env: NodeJS.ProcessEnv): string | null {
  const sessionUrl = env.DATABASE_SESSION_URL || null;
  if (sessionUrl && !env.DATABASE_URL) throw new Error('DATABASE_SESSION_URL is set without DATABASE_URL: set both, or neither for the embedded database');
  return sessionUrl;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = userCwd(env);
  const rawDataDir = env.DATA_DIR || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(base, rawDataDir);
  const webDist = env.WEB_DIST_DIR === '' ? null : env.WEB_DIST_DIR;
  const sellerState = parseSellerState(env.SELLER_STATE);
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSessionUrl: parseSessionUrl(env),
    databasePoolSize: parseCount('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, DEFAULT_POOL_SIZE),
    demo: parseBoolean(env.DEMO, true),
    jwtSecret: parseJwtSecret(env.JWT_SECRET),
    webDistDir: webDist === undefined ? defaultWebDist() : webDist && resolve(base, webDist),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    google: googleOidcOptionsFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    contentCacheMb: parseCacheSize(env.CONTENT_CACHE_MB),
    payments: paymentsFor(env, parseBoolean(env.DEMO, true)),
    contentRateLimitPerMinute: parseCount('CONTENT_RATE_LIMIT', env.CONTENT_RATE_LIMIT, DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE),
    checkout: {
      deliveryChargePaise: parseRupees('DELIVERY_CHARGE', env.DELIVERY_CHARGE, DEFAULT_CHECKOUT_SETTINGS.deliveryChargePaise),
      freeDeliveryFromPaise: parseRupees('FREE_DELIVERY_FROM', env.FREE_DELIVERY_FROM, DEFAULT_CHECKOUT_SETTINGS.freeDeliveryFromPaise),
      platformFeePaise: parseRupees('PLATFORM_FEE', env.PLATFORM_FEE, DEFAULT_CHECKOUT_SETTINGS.platformFeePaise),
      holdMs: parseMinutes('RESERVATION_MINUTES', env.RESERVATION_MINUTES, DEFAULT_CHECKOUT_SETTINGS.holdMs),
      orderPaymentMs: parseMinutes('ORDER_PAYMENT_MINUTES', env.ORDER_PAYMENT_MINUTES, DEFAULT_CHECKOUT_SETTINGS.orderPaymentMs),
      sellerState,
    },
    seller: parseSeller(env, sellerState),
  };
}

/** The seller of the invoices: each of SELLER_NAME, SELLER_ADDRESS (lines separated by ';') and SELLER_GSTIN, or the demo's. */
function parseSeller(env: NodeJS.ProcessEnv, state: string): SellerSettings {
  const seller = defaultSeller(state);
  const name = env.SELLER_NAME?.trim();
  if (name) seller.name = name;
  const address = (env.SELLER_ADDRESS ?? '').split(';').map((line) => line.trim()).filter(Boolean);
  if (address.length > 0) seller.address = address;
  const gstin = env.SELLER_GSTIN?.trim().toUpperCase();
  if (gstin) {
    const problem = gstinProblem(gstin, state);
    if (problem) throw new Error(`SELLER_GSTIN '${gstin}' can't be used: ${problem}`);
    seller.gstin = gstin;
  }
  return seller;
}

/** The shortest JWT_SECRET accepted (tokens.ts refuses shorter keys for HS256). */
const JWT_SECRET_MIN_LENGTH = 32;

function parseJwtSecret(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters, got ${value.length}; unset it to have one generated and kept in the database`);
  }
  return value;
}

/** An amount in rupees with at most two decimals (e.g. 99 or 9.50) → paise. */
function parseRupees(name: string, value: string | undefined, fallbackPaise: number): number {
  if (value === undefined || value === '') return fallbackPaise;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) throw new Error(`${name} must be an amount in rupees such as 99 or 9.50, got '${value}'`);
  return rupeesToPaise(Number(value));
}

function parseMinutes(name: string, value: string | undefined, fallbackMs: number): number {
  if (value === undefined || value === '') return fallbackMs;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) throw new Error(`${name} must be a whole number of minutes from 1 to 1440, got '${value}'`);
  return minutes * 60_000;
}

/** SELLER_STATE as listed (case, '&' and old names forgiven), so it matches the states addresses store. */
function parseSellerState(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_CHECKOUT_SETTINGS.sellerState;
  const state = canonicalState(value);
  if (!state) throw new Error(`SELLER_STATE must name an Indian state or union territory (such as Karnataka), got '${value}'`);
  return state;
}

/**
 * Razorpay's keys, or the built-in sandbox. Without keys the sandbox takes "payments" that move no money,
 * which only a demo may do: a store started with DEMO=false refuses to start without keys unless
 * PAYMENT_SANDBOX=true says the sandbox is meant.
 */
function paymentsFor(env: NodeJS.ProcessEnv, demo: boolean): PaymentSettings {
  const settings = paymentSettingsFromEnv(env);
  if (settings.mode === 'sandbox' && !demo && !parseBoolean(env.PAYMENT_SANDBOX, false)) {
    throw new Error(
      'DEMO=false and no Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take payments, ' +
        'or PAYMENT_SANDBOX=true to run the built-in sandbox, where no money moves',
    );
  }
  return settings;
}

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`${name} must be a whole number of 1 or more, got '${value}'`);
  return count;
}

function parseCacheSize(value: string | undefined): number {
  if (value === undefined || value === '') return 16;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes < 0) throw new Error(`CONTENT_CACHE_MB must be a number of megabytes (0 turns the cache off), got '${value}'`);
  return megabytes;
}

/** apps/web/dist, found from this file whether it runs from src/ (tsx) or dist/ (bundled). */
function defaultWebDist(): string | null {
  const here = import.meta.dirname;
  for (const candidate of [resolve(here, '../../web/dist'), resolve(here, '../../../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}
