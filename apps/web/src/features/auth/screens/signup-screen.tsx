import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { nameSchema } from '@ssd/shared/auth';
import { Button } from '../../../components/ui/button';
import { useLoader } from '../../../components/ui/loader-overlay';
import { NAME_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { SCREENS } from '../../../lib/paths';
import { registerRequest } from '../api/auth-api';
import { AuthLayout, TEXT_LINK } from '../components/auth-layout';
import { EmailOtpFields } from '../components/email-otp-fields';
import { GoogleButton } from '../components/google-button';
import { PasswordField } from '../components/password-field';
import { ENTER_EMAIL_MESSAGE, useOtpFlow } from '../hooks/use-otp-flow';
import { newPasswordProblem, SIGNUP_SUCCESS_MESSAGE } from '../validation';

/** Signup (spec 1 §2, §4): name and e-mail, the e-mail code, then the password. */
export function SignupScreen() {
  const flow = useOtpFlow('signup');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();
  const navigate = useNavigate();

  const register = async () => {
    const checkedName = nameSchema.safeParse(name);
    if (!checkedName.success) {
      showToast(checkedName.error.issues[0]?.message ?? 'Please enter your name.', 'warning');
      return;
    }
    const address = flow.normalizedEmail();
    if (!address) {
      showToast(ENTER_EMAIL_MESSAGE, 'warning');
      return;
    }
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      showToast(problem, 'warning');
      return;
    }
    setSubmitting(true);
    try {
      await withLoader(registerRequest(checkedName.data, address, password));
    } catch (error) {
      toastFromError(error);
      return;
    } finally {
      setSubmitting(false);
    }
    showToast(SIGNUP_SUCCESS_MESSAGE, 'success');
    void navigate('/auth/login');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (flow.stage === 'idle') void flow.sendCode();
    else if (flow.stage === 'codeSent') void flow.verifyOtp();
    else void register();
  };

  return (
    <AuthLayout tabTitle="Sign Up" heading="Create your account" subtitle="Sign up to shop fabrics and jewellery">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField {...NAME_FIELD} required value={name} onChange={(event) => setName(event.target.value)} />
        <EmailOtpFields flow={flow} sendLabel="Verify Email" />
        {flow.stage === 'verified' ? (
          <>
            <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="new-password" />
            <PasswordField label="Confirm password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
            <Button type="submit" className="w-full" disabled={submitting}>
              Sign Up
            </Button>
          </>
        ) : null}
      </form>
      {flow.stage === 'verified' ? (
        <div className="mt-4">
          <GoogleButton context="signup" />
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/auth/login" className={TEXT_LINK}>
          Login
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
