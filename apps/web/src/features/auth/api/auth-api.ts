import type { OtpPurpose } from '@ssd/shared/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * The accounts calls of spec 1 §7. Each resolves to the answer's data and message and throws an
 * ApiError when the server refuses or cannot be reached (src/lib/api-error.ts).
 */

export const AUTH_PATHS = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  signupTrigger: '/api/auth/email_verification/trigger',
  resetTrigger: '/api/auth/email/password_reset/trigger',
  verifyOtp: '/api/auth/verify_otp',
  updatePassword: '/api/auth/update/password',
  googleConfig: '/api/auth/google/config',
  googleCallback: '/api/auth/google/callback',
} as const;

export function loginRequest(email: string, password: string) {
  // The data is checked against the login contract by the screen before it is used.
  return apiRequest<unknown>('POST', AUTH_PATHS.login, { email, password }, { ignoreLoginNeeded: true });
}

export function registerRequest(name: string, email: string, password: string) {
  return apiRequest<unknown>('POST', AUTH_PATHS.register, { name, email, password });
}

export function triggerOtpRequest(purpose: OtpPurpose, email: string) {
  return apiRequest<unknown>('POST', purpose === 'signup' ? AUTH_PATHS.signupTrigger : AUTH_PATHS.resetTrigger, { email });
}

export function verifyOtpRequest(purpose: OtpPurpose, email: string, otp: string) {
  return apiRequest<unknown>('POST', AUTH_PATHS.verifyOtp, { email, otp, purpose });
}

export function resetPasswordRequest(email: string, password: string) {
  return apiRequest<unknown>('PATCH', AUTH_PATHS.updatePassword, { email, password });
}
