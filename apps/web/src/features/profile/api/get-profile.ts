import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type AuthProviderName } from '@ssd/shared/auth';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { userKeys } from '../../../lib/api/session-keys';

export const PROFILE_PATH = '/api/user/me';

export interface Profile {
  name: string;
  email: string;
  auth_provider: AuthProviderName;
}

/** The signed-in user's reads; the session drops them all at logout (src/lib/api/session-keys.ts). */
export const profileKeys = {
  me: (email: string | null) => [...userKeys.all, 'me', email] as const,
};

/** GET /api/user/me: data {name, email, auth_provider}. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { data } = await apiRequest<unknown>('GET', PROFILE_PATH, undefined, { signal });
  const parsed = profileSchema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** Read afresh on each visit; until (or unless) it answers, the screen shows what the session knows. */
export function profileQueryOptions(email: string | null) {
  return queryOptions({ queryKey: profileKeys.me(email), queryFn: ({ signal }) => getProfile(signal), staleTime: 0 });
}

export function useProfile(email: string | null) {
  return useQuery(profileQueryOptions(email));
}
