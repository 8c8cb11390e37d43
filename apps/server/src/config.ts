import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_MAIL_FROM } from './integrations/mail/mailer';
import { googleOidcOptionsFromEnv, type OidcClientOptions } from './integrations/oidc/google-client';

/** Every setting the server reads, from the environment, with safe defaults for the embedded demo. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database, generated secrets and the mail outbox live. */
  dataDir: string;
  /** A PostgreSQL URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | null;
  /** Seed the demo catalogue and accounts into an empty database at start. */
  demo: boolean;
  jwtSecret: string;
  /** Built SPA to serve; null to serve the API only. */
  webDistDir: string | null;
  logLevel: string;
  /** smtp(s)://user:pass@host:port; without it mails are written to DATA_DIR/mail as .eml files. */
  smtpUrl: string | null;
  /** Google sign-in; null when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set. */
  google: OidcClientOptions | null;
  /** Believe X-Forwarded-For (only behind a proxy that sets it); per-address limits depend on it. */
  trustProxy: boolean;
  /** The From of every mail. */
  mailFrom: string;
  /** Size of the content answer cache in millions of characters (≈ MB); 0 turns it off. */
  contentCacheMb: number;
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

/**
 * Secrets that the embedded demo needs but nobody configured are generated once and kept in
 * DATA_DIR/secrets.json, so tokens stay valid across restarts.
 */
export function generatedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(48).toString('base64url');
  secrets[name] = created;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return created;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = userCwd(env);
  const rawDataDir = env.DATA_DIR || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(base, rawDataDir);
  const webDist = env.WEB_DIST_DIR === '' ? null : env.WEB_DIST_DIR;
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    demo: parseBoolean(env.DEMO, true),
    jwtSecret: env.JWT_SECRET || generatedSecret(dataDir, 'JWT_SECRET'),
    webDistDir: webDist === undefined ? defaultWebDist() : webDist && resolve(base, webDist),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    google: googleOidcOptionsFromEnv(env),
    trustProxy: parseBoolean(env.TRUST_PROXY, false),
    contentCacheMb: parseCacheSize(env.CONTENT_CACHE_MB),
  };
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
