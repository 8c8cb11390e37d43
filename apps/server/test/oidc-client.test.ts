import { SignJWT, generateKeyPair } from 'jose';
import { OAuth2Server, type MutableToken, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OidcError } from '../src/integrations/oidc/errors';
import { OidcClient } from '../src/integrations/oidc/google-client';
import { createPkcePair, pkceChallengeS256, randomUrlToken } from '../src/integrations/oidc/pkce';

/**
 * The real authorization-code exchange against a local OpenID provider (oauth2-mock-server):
 * discovery, the authorize redirect with PKCE and nonce, the token endpoint and the key set.
 */

const CLIENT_ID = 'ssd-store-test-client';
const CLIENT_SECRET = 'test-client-secret';
const REDIRECT_URI = 'http://localhost:5173/auth/google/callback';

let server: OAuth2Server;
let issuer: string;
let kid: string;
/** Changes a test makes to the next ID token the provider signs (the access token is left alone). */
let mutateIdToken: ((token: MutableToken) => void) | null = null;
/** Bodies the token endpoint received, newest last. */
const tokenRequests: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = new OAuth2Server();
  const key = await server.issuer.keys.generate('RS256');
  kid = key.kid;
  await server.start(0, '127.0.0.1');
  issuer = server.issuer.url!;
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    // The mock signs the access token first (no aud for a code grant), then the ID token (aud = client_id).
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, { email: ' Shopper@Example.COM ', email_verified: true, name: 'Sam Shopper' });
    mutateIdToken?.(token);
  });
  server.service.on('beforeResponse', (_response: unknown, req: TokenRequestIncomingMessage) => {
    tokenRequests.push({ ...req.body });
  });
});

afterAll(async () => {
  await server?.stop();
});

beforeEach(() => {
  mutateIdToken = null;
  tokenRequests.length = 0;
});

function newClient(overrides: Partial<ConstructorParameters<typeof OidcClient>[0]> = {}): OidcClient {
  return new OidcClient({ issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...overrides });
}

/** Walks the browser's part: the authorize endpoint redirects back with a code. */
async function authorize({ challenge, nonce }: { challenge?: string; nonce?: string }): Promise<string> {
  const url = new URL(`${issuer}/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', randomUrlToken());
  if (challenge) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (nonce !== undefined) url.searchParams.set('nonce', nonce);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const code = new URL(response.headers.get('location')!).searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

/** The whole redirect flow; returns what the client's exchange resolves to. */
async function signIn(client = newClient(), { sendNonce = true, expectNonce }: { sendNonce?: boolean; expectNonce?: string } = {}) {
  const pkce = createPkcePair();
  const nonce = randomUrlToken();
  const code = await authorize({ challenge: pkce.challenge, nonce: sendNonce ? nonce : undefined });
  return client.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: pkce.verifier, nonce: expectNonce ?? nonce });
}

/** An ID token signed by the provider's own key, with claims a test chooses (undefined deletes one). */
async function providerToken(claims: Record<string, unknown> = {}): Promise<string> {
  return server.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { sub: 'google-sub-1', aud: CLIENT_ID, email: 'shopper@example.com', email_verified: true, name: 'Sam' });
      for (const [claim, value] of Object.entries(claims)) {
        if (value === undefined) delete payload[claim];
        else payload[claim] = value;
      }
    },
  });
}

async function rejection(promise: Promise<unknown>): Promise<OidcError> {
  const error = await promise.then(
    () => {
      throw new Error('expected an OidcError, got success');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OidcError);
  return error as OidcError;
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('pkce', () => {
  it('computes the RFC 7636 appendix B S256 challenge', () => {
    expect(pkceChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const pair = createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(pkceChallengeS256(pair.verifier));
  });
});

describe('OidcClient discovery', () => {
  it('reads the authorization endpoint from discovery and caches the document', async () => {
    const urls: string[] = [];
    const client = newClient({
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await client.config()).toEqual({ authorization_endpoint: `${issuer}/authorize` });
    expect(await client.config()).toEqual({ authorization_endpoint: `${issuer}/authorize` });
    const discovery = await client.discover();
    expect(discovery).toMatchObject({ issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    expect(urls).toEqual([`${issuer}/.well-known/openid-configuration`]);
  });

  it('fails with OidcError when discovery is down, and does not cache the failure', async () => {
    let down = true;
    const client = newClient({
      fetch: (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    const error = await rejection(client.config());
    expect(error.kind).toBe('provider_unavailable');
    expect(error.message).toBe('Google authentication failed');
    expect(error.reason).toMatch(/discovery .* unreachable/);
    down = false;
    expect(await client.config()).toEqual({ authorization_endpoint: `${issuer}/authorize` });
  });

  it('fails with OidcError when nothing listens at the issuer', async () => {
    const closed = new OAuth2Server();
    await closed.start(0, '127.0.0.1');
    const deadIssuer = closed.issuer.url!;
    await closed.stop();
    const error = await rejection(newClient({ issuer: deadIssuer }).exchangeCode({ code: 'x', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43), nonce: 'n'.repeat(16) }));
    expect(error.kind).toBe('provider_unavailable');
  });

  it('rejects a discovery document for another issuer, or one answering an error status', async () => {
    const other = newClient({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const document = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...document, issuer: 'https://evil.example' });
      },
    });
    expect((await rejection(other.config())).reason).toMatch(/does not match/);
    const broken = newClient({ fetch: async () => new Response('oops', { status: 503 }) });
    expect((await rejection(broken.config())).reason).toMatch(/HTTP 503/);
  });
});

describe('OidcClient.exchangeCode against a real provider', () => {
  it('exchanges the code with PKCE and returns the verified identity', async () => {
    const identity = await signIn();
    expect(identity).toEqual({ sub: 'johndoe', email: 'shopper@example.com', name: 'Sam Shopper', emailVerified: true });
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(tokenRequests[0]!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('falls back to the part before @ when the token has no name', async () => {
    mutateIdToken = (token) => {
      delete token.payload.name;
    };
    expect((await signIn()).name).toBe('shopper');
  });

  it('fails when the provider refuses the PKCE verifier', async () => {
    const pkce = createPkcePair();
    const code = await authorize({ challenge: pkce.challenge, nonce: 'n'.repeat(22) });
    const error = await rejection(
      newClient().exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: createPkcePair().verifier, nonce: 'n'.repeat(22) }),
    );
    expect(error.kind).toBe('invalid_token');
    expect(error.reason).toMatch(/HTTP 400.*code_verifier/);
  });

  it('rejects an ID token for another audience', async () => {
    mutateIdToken = (token) => {
      token.payload.aud = 'someone-elses-client';
    };
    expect((await rejection(signIn())).reason).toMatch(/aud/);
  });

  it('rejects an ID token with several audiences when azp is not us', async () => {
    mutateIdToken = (token) => {
      token.payload.aud = [CLIENT_ID, 'another-client'];
    };
    expect((await rejection(signIn())).reason).toMatch(/azp/);
  });

  it('rejects an ID token from another issuer', async () => {
    mutateIdToken = (token) => {
      token.payload.iss = 'https://accounts.google.com';
    };
    expect((await rejection(signIn())).reason).toMatch(/iss/);
  });

  it('rejects an expired ID token, but tolerates a minute of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    mutateIdToken = (token) => {
      token.payload.iat = now - 7200;
      token.payload.exp = now - 3600;
    };
    expect((await rejection(signIn())).reason).toMatch(/exp/);
    mutateIdToken = (token) => {
      token.payload.exp = now - 30;
    };
    await expect(signIn()).resolves.toMatchObject({ email: 'shopper@example.com' });
  });

  it('rejects a missing or different nonce', async () => {
    // The provider was not given the nonce, so the ID token carries none.
    expect((await rejection(signIn(newClient(), { sendNonce: false }))).reason).toMatch(/no nonce/);
    expect((await rejection(signIn(newClient(), { expectNonce: randomUrlToken() }))).reason).toMatch(/nonce does not match/);
  });

  it('rejects an ID token whose email is not verified', async () => {
    mutateIdToken = (token) => {
      token.payload.email_verified = false;
    };
    const error = await rejection(signIn());
    expect(error.kind).toBe('email_not_verified');
    expect(error.message).toMatch(/Google email address is not verified/);
    // A string is not the boolean Google sends.
    mutateIdToken = (token) => {
      token.payload.email_verified = 'true';
    };
    expect((await rejection(signIn())).kind).toBe('email_not_verified');
  });

  it('rejects an ID token without an email', async () => {
    mutateIdToken = (token) => {
      delete token.payload.email;
    };
    expect((await rejection(signIn())).reason).toMatch(/no email/);
  });

  it('maps a failing token endpoint to provider_unavailable', async () => {
    const client = newClient({
      fetch: (input, init) =>
        String(input).endsWith('/token') ? Promise.resolve(Response.json({ error: 'server_error' }, { status: 500 })) : fetch(input, init),
    });
    expect((await rejection(signIn(client))).kind).toBe('provider_unavailable');
    const unreachable = newClient({
      fetch: (input, init) => (String(input).endsWith('/token') ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    expect((await rejection(signIn(unreachable))).reason).toMatch(/token endpoint unreachable/);
  });
});

describe('OidcClient.verifyIdToken', () => {
  it('accepts a genuine token, with or without an expected nonce', async () => {
    const client = newClient();
    await expect(client.verifyIdToken(await providerToken())).resolves.toEqual({
      sub: 'google-sub-1',
      email: 'shopper@example.com',
      name: 'Sam',
      emailVerified: true,
    });
    const withNonce = await providerToken({ nonce: 'expected-nonce-value' });
    await expect(client.verifyIdToken(withNonce, { nonce: 'expected-nonce-value' })).resolves.toMatchObject({ sub: 'google-sub-1' });
    expect((await rejection(client.verifyIdToken(withNonce, { nonce: 'another-nonce-value' }))).kind).toBe('invalid_token');
  });

  it('cleans control characters out of the name and refuses them in the email', async () => {
    const client = newClient();
    await expect(client.verifyIdToken(await providerToken({ name: 'Asha\u0000 Iyer\n\ud800' }))).resolves.toMatchObject({ name: 'Asha  Iyer \ufffd' });
    for (const email of ['a\u0000b@gmail.com', 'ab@gmail\u0007.com', 'a\ud800@gmail.com']) {
      expect((await rejection(client.verifyIdToken(await providerToken({ email })))).reason).toBe('id_token email is malformed');
    }
  });

  it('rejects a token whose payload was tampered with', async () => {
    const [header, , signature] = (await providerToken()).split('.');
    const forged = `${header}.${b64({ iss: issuer, aud: CLIENT_ID, sub: 'admin', email: 'admin@example.com', email_verified: true, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })}.${signature}`;
    expect((await rejection(newClient().verifyIdToken(forged))).reason).toMatch(/signature/i);
  });

  it('rejects a token whose signature was altered', async () => {
    const [header, payload, signature] = (await providerToken()).split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect((await rejection(newClient().verifyIdToken(`${header}.${payload}.${flipped}`))).kind).toBe('invalid_token');
  });

  it('rejects a token signed by another key, under the provider key id or an unknown one', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'google-sub-1', email: 'shopper@example.com', email_verified: true };
    for (const headerKid of [kid, 'unknown-kid']) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: headerKid })
        .setIssuer(issuer)
        .setAudience(CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
      expect((await rejection(newClient().verifyIdToken(token))).kind).toBe('invalid_token');
    }
  });

  it("rejects alg 'none' and symmetric algorithms", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: issuer, aud: CLIENT_ID, sub: 'google-sub-1', email: 'shopper@example.com', email_verified: true, iat: now, exp: now + 600 };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await rejection(newClient().verifyIdToken(unsigned))).reason).toMatch(/alg/i);
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(new TextEncoder().encode(CLIENT_SECRET));
    expect((await rejection(newClient().verifyIdToken(hs256))).reason).toMatch(/alg/i);
  });

  it('rejects garbage', async () => {
    expect((await rejection(newClient().verifyIdToken('not-a-jwt'))).kind).toBe('invalid_token');
  });

  it('maps an unreachable key set to provider_unavailable', async () => {
    const client = newClient({
      fetch: (input, init) => (String(input).endsWith('/jwks') ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    expect((await rejection(client.verifyIdToken(await providerToken()))).kind).toBe('provider_unavailable');
    const erroring = newClient({
      fetch: (input, init) => (String(input).endsWith('/jwks') ? Promise.resolve(new Response('nope', { status: 500 })) : fetch(input, init)),
    });
    expect((await rejection(erroring.verifyIdToken(await providerToken()))).kind).toBe('provider_unavailable');
  });

  it("accepts both of Google's issuer spellings when the issuer is Google", async () => {
    const googleDiscovery = {
      issuer: 'https://accounts.google.com',
      authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      token_endpoint: 'https://oauth2.googleapis.com/token',
      jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    };
    // Google's documents, served from here; the keys are the local provider's.
    const client = new OidcClient({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: (input, init) => {
        const url = String(input);
        if (url === 'https://accounts.google.com/.well-known/openid-configuration') return Promise.resolve(Response.json(googleDiscovery));
        if (url === googleDiscovery.jwks_uri) return fetch(`${issuer}/jwks`, init);
        return Promise.reject(new Error(`unexpected fetch ${url}`));
      },
    });
    expect(await client.config()).toEqual({ authorization_endpoint: googleDiscovery.authorization_endpoint });
    for (const iss of ['https://accounts.google.com', 'accounts.google.com']) {
      await expect(client.verifyIdToken(await providerToken({ iss }))).resolves.toMatchObject({ sub: 'google-sub-1' });
    }
    expect((await rejection(client.verifyIdToken(await providerToken({ iss: 'https://accounts.google.com.evil.example' })))).kind).toBe(
      'invalid_token',
    );
    // A local issuer's tokens are not Google's.
    expect((await rejection(client.verifyIdToken(await providerToken()))).reason).toMatch(/iss/);
  });
});
