import { z } from './zod';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { refuseControlCharacters } from './input';
import { AUTH_PROVIDERS } from './login-data';

export { AUTH_PROVIDERS, ROLES, loginDataSchema } from './login-data';
export type { AuthProviderName, Role, LoginData, RenderedSession } from './login-data';

/**
 * Contracts of the accounts calls (spec 1 §7). The server validates with these; the web client types
 * its calls with them. Messages of spec 1 §5 are the client's; the server answers its own.
 */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter email')
  .max(254)
  .pipe(z.email('Enter a valid email address.'));

/** A new password: any printable characters (spaces and every script included), no control characters. */
export const passwordSchema = refuseControlCharacters(z.string(), 'Password')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(128, 'Password must be at most 128 characters.');

export const otpSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Please enter the ${OTP_LENGTH}-digit code.`);

export const nameSchema = refuseControlCharacters(z.string().trim(), 'Name')
  .min(1, 'Please enter your name.')
  .max(80, 'Name must be at most 80 characters.');

export const OTP_PURPOSES = ['signup', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];


export const loginRequestSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Please enter your password.').max(128) });
export const emailRequestSchema = z.object({ email: emailSchema });
/** `purpose` is ours: the spec's call has none; without it the newest live code of either kind is tried. */
export const verifyOtpRequestSchema = z.object({ email: emailSchema, otp: otpSchema, purpose: z.enum(OTP_PURPOSES).optional() });
export const registerRequestSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export const resetPasswordRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export const changePasswordRequestSchema = z.object({ current_password: z.string().min(1).max(128), new_password: passwordSchema });
export const verifyTokenRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refreshToken: z.string().min(1).max(512).optional() });

export const googleCallbackRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  redirect_uri: z.url(),
  /** PKCE verifier and nonce the client made when it sent the visitor to the provider (ours, beyond the spec). */
  code_verifier: z.string().min(43).max(128),
  nonce: z.string().min(16).max(256),
});
export const googleLoginRequestSchema = z.object({ googleToken: z.string().min(1).max(8192), nonce: z.string().max(256).optional() });

/** What the client needs to start Google sign-in; `configured: false` makes the buttons say so. */
export const googleConfigSchema = z.object({
  configured: z.boolean(),
  client_id: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
});
export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Google Sign-In is not configured';

export const profileSchema = z.object({ name: z.string(), email: z.string(), auth_provider: z.enum(AUTH_PROVIDERS) });
export const updateProfileRequestSchema = z.object({ name: nameSchema });

/** GET /api/list/cart_wishlist: product ids. */
export const cartWishlistSchema = z.object({ cart: z.array(z.number().int()), wishlist: z.array(z.number().int()) });

export const OTP_SENT_MESSAGE = 'OTP sent successfully';
