import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailSchema, loginDataSchema } from '@ssd/shared/auth';
import { Button } from '../../../components/ui/button';
import { EMAIL_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import type { LoginRedirectState } from '../../../lib/guards';
import { goBackOrHome } from '../../../lib/navigation';
import { SCREENS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { loginRequest } from '../api/auth-api';
import { AuthLayout, TEXT_LINK } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { PasswordField } from '../components/password-field';
import { useGoogleReturn } from '../hooks/use-google-return';
import { ENTER_EMAIL_MESSAGE } from '../hooks/use-otp-flow';
import { ENTER_PASSWORD_MESSAGE } from '../validation';

type Phase = 'idle' | 'pending' | 'done';

const BUTTON_LABEL: Record<Phase, string> = {
  idle: 'Login',
  pending: 'Logging In...',
  done: 'Login Successful',
};

export const LOGIN_FAILED_MESSAGE = 'Login failed';

/** How long 'Login Successful' stays before the screen leaves. */
export const LOGIN_SUCCESS_PAUSE_MS = 600;

/**
 * Login (spec 1 §2): e-mail and password, or Google; afterwards back one entry, or home. A
 * missing or malformed field is the spec's warning toast and the same words under the field.
 */
export function LoginScreen() {
  const fields = useFieldErrors<'email' | 'password'>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const { login } = useSession();
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  useGoogleReturn();

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => {
      // A guard sent the visitor here: back to that screen. Otherwise back one entry, or home.
      if (from && !from.startsWith('/auth')) void navigate(from, { replace: true });
      else goBackOrHome(navigate);
    }, LOGIN_SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [phase, from, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const address = emailSchema.safeParse(email);
    if (!address.success) {
      const message = email.trim() ? (address.error.issues[0]?.message ?? ENTER_EMAIL_MESSAGE) : ENTER_EMAIL_MESSAGE;
      showToast(message, 'warning');
      fields.report('email', message);
      return;
    }
    if (!password) {
      showToast(ENTER_PASSWORD_MESSAGE, 'warning');
      fields.report('password', ENTER_PASSWORD_MESSAGE);
      return;
    }
    setPhase('pending');
    let answer: { data: unknown; message: string };
    try {
      answer = await loginRequest(address.data, password);
    } catch (error) {
      setPhase('idle');
      toastFromError(error, { fallback: LOGIN_FAILED_MESSAGE });
      return;
    }
    const data = loginDataSchema.safeParse(answer.data);
    if (!data.success) {
      setPhase('idle');
      showToast(answer.message || LOGIN_FAILED_MESSAGE, 'error');
      return;
    }
    setPhase('done');
    if (answer.message) showToast(answer.message, 'success');
    login(data.data);
  };

  return (
    <AuthLayout tabTitle="Login" heading="Welcome back" subtitle="Sign in to continue your shopping">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          {...EMAIL_FIELD}
          id={fields.idFor('email')}
          error={fields.errorFor('email')}
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            fields.clear('email');
          }}
        />
        <PasswordField
          id={fields.idFor('password')}
          error={fields.errorFor('password')}
          label="Password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            fields.clear('password');
          }}
          autoComplete="current-password"
        />
        <div className="text-right text-sm">
          <Link to="/auth/password/reset" className={TEXT_LINK}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={phase !== 'idle'} aria-live="polite">
          {BUTTON_LABEL[phase]}
        </Button>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-maroon-100" />
        or
        <span className="h-px flex-1 bg-maroon-100" />
      </div>
      <GoogleButton context="login" />
      <p className="mt-6 text-center text-sm text-muted">
        New here?{' '}
        <Link to="/auth/signup" className={TEXT_LINK}>
          Sign Up
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to={SCREENS.home.path} className={TEXT_LINK}>
          Back to Home
        </Link>
      </p>
    </AuthLayout>
  );
}
