import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '@ssd/shared/auth';
import { createPkcePair, randomUrlToken } from '../src/integrations/oidc/pkce';
import { buildTestApp, createAccount, type TestApp } from './helper';

/** Google sign-in through our routes against a local OpenID provider speaking the real protocol. */

const CLIENT_ID = 'ssd-store-google-test';
const CLIENT_SECRET = 'google-test-secret';
const REDIRECT_URI = 'http://127.0.0.1:4173/auth/login';

let provider: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud === undefined) return; // the access token; only the ID token carries our audience
    Object.assign(token.payload, claims);
  });
  t = await buildTestApp({ google: { issuer: provider.issuer.url!, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
beforeEach(() => {
  claims = { email: `asha.${randomUrlToken(4)}@gmail.com`.toLowerCase(), email_verified: true, name: 'Asha Iyer' };
});

/** The browser's part of the redirect flow: the provider sends the visitor back with a code. */
async function codeFromProvider(nonce: string, challenge: string): Promise<string> {
  const config = (await t.app.inject({ method: 'GET', url: '/api/auth/google/config' })).json().data;
  const url = new URL(config.authorization_endpoint);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    client_id: config.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: randomUrlToken(),
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) url.searchParams.set(key, value);
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location')!).searchParams.get('code')!;
}

async function callback(overrides: Partial<{ nonce: string; code_verifier: string }> = {}) {
  const pkce = createPkcePair();
  const nonce = randomUrlToken();
  const code = await codeFromProvider(nonce, pkce.challenge);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: { code, redirect_uri: REDIRECT_URI, code_verifier: pkce.verifier, nonce, ...overrides },
  });
}

describe('Google sign-in', () => {
  it('tells the client where to send the visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(res.json()).toMatchObject({ code: 1, data: { configured: true, client_id: CLIENT_ID } });
    expect(res.json().data.authorization_endpoint).toBe(`${provider.issuer.url}/authorize`);
  });

  it('the redirect flow creates a Google account and signs it in', async () => {
    const res = await callback();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, message: 'Login successful', data: { name: 'Asha Iyer', email: claims.email, role: 'user', auth_provider: 'google' } });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${body.data.access_token}` } });
    expect(me.json().data).toEqual({ name: 'Asha Iyer', email: claims.email, auth_provider: 'google' });
  });

  it('a verified Google email that matches a local account signs into that account', async () => {
    const local = await createAccount(t, { email: claims.email as string, name: 'Asha Local' });
    const res = await callback();
    expect(res.json().data).toMatchObject({ email: local.email, name: 'Asha Local', auth_provider: 'local' });
  });

  it('refuses a token whose nonce is not the one the client made', async () => {
    const res = await callback({ nonce: randomUrlToken() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: -1, message: 'Google authentication failed', data: null });
  });

  it('refuses a code redeemed without the PKCE verifier it was issued for', async () => {
    const res = await callback({ code_verifier: createPkcePair().verifier });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Google authentication failed');
  });

  it('refuses an unverified Google email', async () => {
    claims.email_verified = false;
    const res = await callback();
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(-1);
  });

  it("the popup button's ID token signs in too, and a forged one does not", async () => {
    const pkce = createPkcePair();
    const nonce = randomUrlToken();
    const code = await codeFromProvider(nonce, pkce.challenge);
    const tokenResponse = await fetch(`${provider.issuer.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code_verifier: pkce.verifier }),
    });
    const { id_token: idToken } = (await tokenResponse.json()) as { id_token: string };
    const good = await t.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { googleToken: idToken, nonce } });
    expect(good.json()).toMatchObject({ code: 1, data: { email: claims.email, auth_provider: 'google' } });

    const [header, payload] = idToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { googleToken: forged } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: -1, message: 'Google authentication failed', data: null });
  });
});

describe('Google sign-in when not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare.close());

  it("says 'Google Sign-In is not configured' instead of failing oddly", async () => {
    const config = await bare.app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(config.json()).toEqual({ code: 1, message: GOOGLE_NOT_CONFIGURED_MESSAGE, data: { configured: false, client_id: null, authorization_endpoint: null } });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code: 'abc', redirect_uri: REDIRECT_URI, code_verifier: 'v'.repeat(43), nonce: 'n'.repeat(16) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: GOOGLE_NOT_CONFIGURED_MESSAGE, data: null });
  });
});
