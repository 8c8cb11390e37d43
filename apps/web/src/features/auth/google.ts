import { googleConfigSchema, GOOGLE_NOT_CONFIGURED_MESSAGE, loginDataSchema, type LoginData } from '@ssd/shared/auth';
import { apiRequest } from '../../lib/api-client';
import { describeFailure } from '../../lib/failure-message';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { AUTH_PATHS } from './api/auth-api';

/**
 * Third-party sign-in with Google (spec 1 §4): the authorization-code flow with PKCE. The visitor
 * goes to the provider with a random state, nonce and code challenge kept in session storage, and
 * comes back to ONE callback path, /auth/login, whatever screen started it; the saved context
 * ('login' or 'signup') says which screen a failure returns to.
 */

export type GoogleContext = 'login' | 'signup';

export const GOOGLE_CALLBACK_PATH = '/auth/login';
export const GOOGLE_STATE_KEY = 'google_oauth';
export const GOOGLE_FAILED_MESSAGE = 'Google authentication failed';
export { GOOGLE_NOT_CONFIGURED_MESSAGE };

export interface GoogleSaved {
  state: string;
  nonce: string;
  code_verifier: string;
  context: GoogleContext;
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomToken(byteLength: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export function googleRedirectUri(): string {
  return `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
}

export type GoogleStartResult = { ok: true; url: string } | { ok: false; message: string; notConfigured: boolean };

/** Asks the server how to reach Google and builds the provider address; saves state for the return. */
export async function prepareGoogleSignIn(context: GoogleContext): Promise<GoogleStartResult> {
  let answer: unknown;
  try {
    ({ data: answer } = await apiRequest<unknown>('GET', AUTH_PATHS.googleConfig));
  } catch (error) {
    return { ok: false, message: describeFailure(error, { fallback: 'Google Sign-In failed' }).message, notConfigured: false };
  }
  const config = googleConfigSchema.safeParse(answer);
  if (!config.success || !config.data.configured || !config.data.client_id || !config.data.authorization_endpoint) {
    return { ok: false, message: GOOGLE_NOT_CONFIGURED_MESSAGE, notConfigured: true };
  }
  const saved: GoogleSaved = {
    state: randomToken(24),
    nonce: randomToken(24),
    code_verifier: randomToken(48), // 64 base64url characters (RFC 7636 asks for 43 to 128)
    context,
  };
  writeStorage('sessionStorage', GOOGLE_STATE_KEY, JSON.stringify(saved));
  const url = new URL(config.data.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.data.client_id,
    redirect_uri: googleRedirectUri(),
    scope: 'openid email profile',
    prompt: 'select_account',
    state: saved.state,
    nonce: saved.nonce,
    code_challenge: await codeChallenge(saved.code_verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { ok: true, url: url.toString() };
}

/** Reads and forgets what prepareGoogleSignIn saved: a state is good for one return only. */
export function takeGoogleSaved(): GoogleSaved | null {
  const raw = readStorage('sessionStorage', GOOGLE_STATE_KEY);
  removeStorage('sessionStorage', GOOGLE_STATE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<GoogleSaved>;
    if (typeof value.state !== 'string' || typeof value.nonce !== 'string' || typeof value.code_verifier !== 'string') {
      return null;
    }
    return {
      state: value.state,
      nonce: value.nonce,
      code_verifier: value.code_verifier,
      context: value.context === 'signup' ? 'signup' : 'login',
    };
  } catch {
    return null;
  }
}

export type GoogleCallbackResult =
  | { ok: true; data: LoginData }
  | { ok: false; message: string; context: GoogleContext };

/** Finishes the return from Google: checks the state, posts the code to the server. */
export async function completeGoogleSignIn(params: URLSearchParams): Promise<GoogleCallbackResult> {
  const saved = takeGoogleSaved();
  const context = saved?.context ?? 'login';
  const code = params.get('code');
  const state = params.get('state');
  if (!saved || !code || !state || state !== saved.state) {
    return { ok: false, message: GOOGLE_FAILED_MESSAGE, context };
  }
  let answer: unknown;
  try {
    ({ data: answer } = await apiRequest<unknown>(
      'POST',
      AUTH_PATHS.googleCallback,
      { code, redirect_uri: googleRedirectUri(), code_verifier: saved.code_verifier, nonce: saved.nonce },
      { ignoreLoginNeeded: true },
    ));
  } catch (error) {
    return { ok: false, message: describeFailure(error, { fallback: GOOGLE_FAILED_MESSAGE }).message, context };
  }
  const parsed = loginDataSchema.safeParse(answer);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: GOOGLE_FAILED_MESSAGE, context };
}

/** True when the address is a return from the provider (a code, or the provider's error). */
export function isGoogleReturn(params: URLSearchParams): boolean {
  return params.has('state') && (params.has('code') || params.has('error'));
}
