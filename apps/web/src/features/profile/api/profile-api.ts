import { useQuery } from '@tanstack/react-query';
import { profileSchema, type AuthProviderName } from '@ssd/shared/auth';
import { ResponseCode } from '@ssd/shared/api';
import { apiRequest } from '../../../lib/api-client';

export const PROFILE_PATH = '/api/user/me';
export const CHANGE_PASSWORD_PATH = '/api/auth/change/password';

export interface Profile {
  name: string;
  email: string;
  auth_provider: AuthProviderName;
}

export const profileQueryKey = (email: string | null) => ['user', 'me', email] as const;

/** GET /api/user/me: data {name, email, auth_provider}. A failure leaves the data undefined. */
export function useProfile(email: string | null) {
  return useQuery({
    queryKey: profileQueryKey(email),
    queryFn: async ({ signal }): Promise<Profile | null> => {
      const response = await apiRequest<unknown>('GET', PROFILE_PATH, undefined, { signal });
      if (response.code !== ResponseCode.SUCCESS) return null;
      const parsed = profileSchema.safeParse(response.data);
      return parsed.success ? parsed.data : null;
    },
    staleTime: 0,
  });
}

export function updateProfileRequest(name: string) {
  return apiRequest<unknown>('PATCH', PROFILE_PATH, { name });
}

export function changePasswordRequest(currentPassword: string, newPassword: string) {
  return apiRequest<unknown>('PATCH', CHANGE_PASSWORD_PATH, {
    current_password: currentPassword,
    new_password: newPassword,
  });
}
