/** What the accounts calls say, in words a shopper understands; tests import them from here. */
export { OTP_SENT_MESSAGE } from '@ssd/shared/auth';

export const MESSAGES = {
  otpVerified: 'OTP verified',
  otpSendFailed: 'Failed to send OTP',
  accountExists: 'An account with this email already exists. Please log in.',
  otpInvalid: (left: number) => `Invalid OTP. ${left} attempt(s) left.`,
  otpExpired: 'OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpUsed: 'This OTP has already been used. Please request a new one.',
  otpNone: 'No OTP was requested for this email. Please request one first.',
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting another OTP.`,
  otpEmailHourly: (minutes: number) => `Too many OTPs requested for this email. Please try again in ${minutes} minute(s).`,
  otpIpHourly: (minutes: number) => `Too many OTPs requested from your network. Please try again in ${minutes} minute(s).`,
  signupNotVerified: 'Please verify your email with the OTP before signing up.',
  signupSuccess: 'Sign up successful. Login to continue',
  resetNotVerified: 'Please verify the OTP sent to your email before setting a new password.',
  resetSuccess: 'Password reset successful. Login to continue',
  loginSuccess: 'Login successful',
  loginInvalid: 'Invalid email or password.',
  loginLocked: (minutes: number) => `Too many failed login attempts. Please try again in ${minutes} minute(s).`,
  loginAccountLocked: (minutes: number) =>
    `Too many failed login attempts for this account. Please reset your password or try again in ${minutes} minute(s).`,
  loginIpLocked: (minutes: number) => `Too many failed login attempts from your network. Please try again in ${minutes} minute(s).`,
  sessionExpired: 'Your session has expired. Please login again.',
  tokenVerified: 'Token verified',
  loggedOut: 'Successfully logged out',
  passwordUpdated: 'Password updated',
  passwordChangeLocalOnly: 'Password change is only available for email accounts.',
  currentPasswordWrong: 'Current password is incorrect.',
  profileUpdated: 'Profile updated',
} as const;
