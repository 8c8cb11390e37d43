import { apiRequest } from '../../../lib/api-client';
import { PROFILE_PATH } from './get-profile';

export const CHANGE_PASSWORD_PATH = '/api/auth/change/password';

/** PATCH /api/user/me {name}: resolves to the server's message, throws an ApiError on refusal. */
export async function updateProfileName(name: string): Promise<string> {
  return (await apiRequest<unknown>('PATCH', PROFILE_PATH, { name })).message;
}

/** PATCH /api/auth/change/password: resolves to the server's message, throws an ApiError on refusal. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const body = { current_password: currentPassword, new_password: newPassword };
  return (await apiRequest<unknown>('PATCH', CHANGE_PASSWORD_PATH, body)).message;
}
