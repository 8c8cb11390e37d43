import { PASSWORD_MIN_LENGTH } from '@ssd/shared/constants';

/** Client-side messages of spec 1 §5 that the shared schemas do not carry. */
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords you entered do not match.';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const SIGNUP_SUCCESS_MESSAGE = 'Sign up successful. Login to continue';
export const ENTER_PASSWORD_MESSAGE = 'Please enter your password.';

/** The new-password pair of signup and reset: the first problem and the field it is shown under, or null. */
export function newPasswordProblem(
  password: string,
  confirm: string,
): { field: 'password' | 'confirm'; message: string } | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT_MESSAGE };
  if (password !== confirm) return { field: 'confirm', message: PASSWORD_MISMATCH_MESSAGE };
  return null;
}
