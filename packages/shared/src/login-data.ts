import { z } from './zod';

/**
 * The login answer's contract alone (spec 1 §3), which every signed-in page's startup verification
 * checks: without the accounts forms' schemas of ./auth.ts, which re-exports it (docs/decisions/0058).
 */

export const AUTH_PROVIDERS = ['local', 'google'] as const;
export type AuthProviderName = (typeof AUTH_PROVIDERS)[number];
export const ROLES = ['user', 'ssd_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Login response data (spec 1 §3). Also the answer of Google sign-in and token verification. */
export const loginDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  role: z.enum(ROLES),
  auth_provider: z.enum(AUTH_PROVIDERS),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/**
 * The signed-in shopper a server-rendered page was drawn for (docs/decisions/0055): the login answer
 * without its tokens, which never go into a page.
 */
export type RenderedSession = Omit<LoginData, 'access_token' | 'refresh_token'>;
