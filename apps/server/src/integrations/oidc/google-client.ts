import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { OidcError } from './errors';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google documents both spellings of `iss` in its ID tokens. */
const GOOGLE_ISSUER_ALIASES = ['https://accounts.google.com', 'accounts.google.com'];
/** Asymmetric algorithms only: never `none`, never HS* (which would let anyone holding a public key forge). */
const ALLOWED_ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 60;
const DEFAULT_TIMEOUT_MS = 5000;
/** An answer larger than this from discovery or the token endpoint is not a genuine one. */
const MAX_RESPONSE_BYTES = 256 * 1024;

export interface OidcClientOptions {
  /** The OpenID provider's issuer URL; discovery is read from `${issuer}/.well-known/openid-configuration`. */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  /** Injected for tests; also used to fetch the key set. Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per-request time limit for discovery, the token endpoint and the key set (default 5 s). */
  timeoutMs?: number;
}

/** The parts of the provider's discovery document this client uses. */
export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Who the provider says signed in. `email` is trimmed and lower-cased; `emailVerified` is always true (else it throws). */
export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface ExchangeCodeInput {
  code: string;
  /** Exactly the redirect_uri the client sent the visitor to the provider with. */
  redirectUri: string;
  /** PKCE verifier (RFC 7636) whose S256 challenge went to the authorization endpoint. */
  codeVerifier: string;
  /** The nonce that went to the authorization endpoint; the ID token must carry it. */
  nonce: string;
}

export interface VerifyIdTokenOptions {
  /** When given, the token's `nonce` claim must equal it. */
  nonce?: string;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}

/**
 * Reads a JSON body, refusing oversized answers (by Content-Length up front, else after reading):
 * a genuine discovery or token answer is a few kilobytes.
 */
async function readJson(response: Response, what: string): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new OidcError('provider_unavailable', `${what}: response too large`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new OidcError('provider_unavailable', `${what}: reading the response failed: ${describe(error)}`, undefined, { cause: error });
  }
  if (text.length > MAX_RESPONSE_BYTES) throw new OidcError('provider_unavailable', `${what}: response too large`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OidcError('provider_unavailable', `${what}: response is not JSON (HTTP ${response.status})`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An OpenID Connect relying party for one provider (Google by default): discovery, the
 * authorization-code exchange with PKCE, and ID-token verification against the provider's key set.
 */
export class OidcClient {
  readonly issuer: string;
  readonly clientId: string;
  readonly #clientSecret: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  #discovery: Promise<OidcDiscovery> | null = null;
  readonly #keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(options: OidcClientOptions) {
    this.issuer = stripTrailingSlash(options.issuer ?? GOOGLE_ISSUER);
    this.clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!this.clientId) throw new TypeError('OidcClient needs a clientId');
  }

  /** What the browser needs to start the redirect (see googleConfigSchema). */
  async config(): Promise<{ authorization_endpoint: string }> {
    const discovery = await this.discover();
    return { authorization_endpoint: discovery.authorization_endpoint };
  }

  /** The provider's discovery document; fetched once, a failure is retried on the next call. */
  discover(): Promise<OidcDiscovery> {
    if (!this.#discovery) {
      const pending = this.#fetchDiscovery();
      this.#discovery = pending;
      pending.catch(() => {
        if (this.#discovery === pending) this.#discovery = null;
      });
    }
    return this.#discovery;
  }

  async #fetchDiscovery(): Promise<OidcDiscovery> {
    const url = `${this.issuer}/.well-known/openid-configuration`;
    let response: Response;
    try {
      response = await this.#fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new OidcError('provider_unavailable', `discovery ${url} unreachable: ${describe(error)}`, undefined, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new OidcError('provider_unavailable', `discovery ${url} answered HTTP ${response.status}`);
    }
    const document = await readJson(response, `discovery ${url}`);
    if (!isRecord(document)) throw new OidcError('provider_unavailable', `discovery ${url}: not an object`);
    const fields = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
    const secure = this.issuer.startsWith('https:');
    for (const field of fields) {
      const value = document[field];
      if (typeof value !== 'string' || !URL.canParse(value)) {
        throw new OidcError('provider_unavailable', `discovery ${url}: ${field} missing or not a URL`);
      }
      const protocol = new URL(value).protocol;
      if (protocol !== 'https:' && (secure || protocol !== 'http:')) {
        throw new OidcError('provider_unavailable', `discovery ${url}: ${field} is not https`);
      }
    }
    const discovery: OidcDiscovery = {
      issuer: document.issuer as string,
      authorization_endpoint: document.authorization_endpoint as string,
      token_endpoint: document.token_endpoint as string,
      jwks_uri: document.jwks_uri as string,
    };
    // OpenID Connect Discovery 1.0 §4.3: the document must be about the issuer we asked.
    if (stripTrailingSlash(discovery.issuer) !== this.issuer) {
      throw new OidcError('provider_unavailable', `discovery ${url}: issuer ${discovery.issuer} does not match ${this.issuer}`);
    }
    return discovery;
  }

  #keySet(jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
    let keySet = this.#keySets.get(jwksUri);
    if (!keySet) {
      const fetchImpl = this.#fetch;
      keySet = createRemoteJWKSet(new URL(jwksUri), {
        timeoutDuration: this.#timeoutMs,
        [customFetch]: (url, init) => fetchImpl(url, init),
      });
      this.#keySets.set(jwksUri, keySet);
    }
    return keySet;
  }

  /** The `iss` values accepted in ID tokens: the discovered issuer, and for Google both documented spellings. */
  #acceptedIssuers(discovery: OidcDiscovery): string[] {
    const discovered = discovery.issuer;
    const accepted = new Set([discovered, stripTrailingSlash(discovered)]);
    if (stripTrailingSlash(discovered) === GOOGLE_ISSUER) for (const alias of GOOGLE_ISSUER_ALIASES) accepted.add(alias);
    return [...accepted];
  }

  /**
   * Trades an authorization code for tokens at the token endpoint (client_secret_post, PKCE) and
   * verifies the ID token that comes back, including the nonce.
   */
  async exchangeCode(input: ExchangeCodeInput): Promise<OidcIdentity> {
    const discovery = await this.discover();
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: this.clientId,
      client_secret: this.#clientSecret,
      code_verifier: input.codeVerifier,
    });
    let response: Response;
    try {
      response = await this.#fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: body.toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new OidcError('provider_unavailable', `token endpoint unreachable: ${describe(error)}`, undefined, { cause: error });
    }
    if (!response.ok) {
      const answer = await readJson(response, 'token endpoint').catch(() => null);
      const detail = isRecord(answer)
        ? [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ')
        : '';
      // 4xx: the provider refused this code (invalid_grant, redirect_uri_mismatch, PKCE failure...).
      const kind = response.status >= 500 ? 'provider_unavailable' : 'invalid_token';
      throw new OidcError(kind, `token endpoint answered HTTP ${response.status}${detail ? ` (${detail})` : ''}`);
    }
    const answer = await readJson(response, 'token endpoint');
    if (!isRecord(answer) || typeof answer.id_token !== 'string' || answer.id_token === '') {
      throw new OidcError('invalid_token', 'token endpoint answered without an id_token (was the openid scope asked for?)');
    }
    return this.verifyIdToken(answer.id_token, { nonce: input.nonce });
  }

  /**
   * Verifies an ID token (from the code exchange, or posted by the popup sign-in button): signature
   * against the provider's key set, issuer, audience = our client id, expiry with 60 s tolerance,
   * RS256/ES256 only, the nonce when one is expected, and a verified e-mail.
   */
  async verifyIdToken(idToken: string, options: VerifyIdTokenOptions = {}): Promise<OidcIdentity> {
    const discovery = await this.discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.#keySet(discovery.jwks_uri), {
        issuer: this.#acceptedIssuers(discovery),
        audience: this.clientId,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new OidcError(classifyVerifyError(error), `id_token rejected: ${describe(error)}`, undefined, { cause: error });
    }

    // OIDC Core §3.1.3.7 (4): with several audiences, the authorized party must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId) {
      throw new OidcError('invalid_token', 'id_token has several audiences and azp is not our client id');
    }
    if (options.nonce !== undefined && payload.nonce !== options.nonce) {
      throw new OidcError('invalid_token', payload.nonce === undefined ? 'id_token carries no nonce' : 'id_token nonce does not match');
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '') throw new OidcError('invalid_token', 'id_token has no sub');
    const rawEmail = payload.email;
    if (typeof rawEmail !== 'string' || rawEmail.trim() === '') throw new OidcError('invalid_token', 'id_token has no email (was the email scope asked for?)');
    const email = rawEmail.trim().toLowerCase();
    // No spaces, control characters or half surrogate pairs: the address is stored and mailed as it is.
    if (email.length > 254 || !/^[^\s@\p{Cc}\p{Cs}]+@[^\s@\p{Cc}\p{Cs}]+$/u.test(email)) {
      throw new OidcError('invalid_token', 'id_token email is malformed');
    }
    if (payload.email_verified !== true) {
      throw new OidcError('email_not_verified', `Google email is not verified (email_verified=${String(payload.email_verified)})`);
    }
    // A display name is shown, not checked: control characters become spaces, half surrogate pairs U+FFFD.
    const rawName = typeof payload.name === 'string' ? payload.name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\p{Cs}/gu, '\ufffd').trim() : '';
    const name = (rawName || email.slice(0, email.indexOf('@'))).slice(0, 80);
    return { sub, email, name, emailVerified: true };
  }
}

/** A key-set fetch that failed is the provider's fault (retry later); anything else is the token's. */
function classifyVerifyError(error: unknown): 'invalid_token' | 'provider_unavailable' {
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return 'provider_unavailable';
  if (error instanceof joseErrors.JOSEError) {
    return error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set HTTP response/.test(error.message)
      ? 'provider_unavailable'
      : 'invalid_token';
  }
  // Not a JOSE error: the key-set fetch itself threw (connection refused, DNS...).
  return 'provider_unavailable';
}

/**
 * Options for the Google client from the environment (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
 * optional GOOGLE_ISSUER); null when Google sign-in is not configured.
 */
export function googleOidcOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OidcClientOptions | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return { issuer: env.GOOGLE_ISSUER?.trim() || GOOGLE_ISSUER, clientId, clientSecret };
}
