import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub';
import { codeChallenge, GOOGLE_STATE_KEY, prepareGoogleSignIn, takeGoogleSaved } from './google';

describe('Google sign-in start', () => {
  it('builds the provider address with state, nonce and an S256 PKCE challenge, and saves them', async () => {
    stubApi({
      'GET /api/auth/google/config': ok({
        configured: true,
        client_id: 'client-123',
        authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      }),
    });
    const result = await prepareGoogleSignIn('signup');
    if (!result.ok) throw new Error('expected a provider address');
    const url = new URL(result.url);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('client-123');
    expect(params.get('redirect_uri')).toBe(`${window.location.origin}/auth/login`);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('prompt')).toBe('select_account');
    expect(params.get('code_challenge_method')).toBe('S256');

    const saved = JSON.parse(window.sessionStorage.getItem(GOOGLE_STATE_KEY) ?? '{}') as Record<string, string>;
    expect(saved.context).toBe('signup');
    expect(params.get('state')).toBe(saved.state);
    expect(params.get('nonce')).toBe(saved.nonce);
    expect(saved.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(params.get('code_challenge')).toBe(await codeChallenge(saved.code_verifier!));
    expect(takeGoogleSaved()?.state).toBe(saved.state);
    expect(takeGoogleSaved()).toBeNull();
  });

  it('computes the RFC 7636 example challenge', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
