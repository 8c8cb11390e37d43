import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { nameSchema } from '@ssd/shared/auth';
import { useLoader } from '../../../components/ui/loader-overlay';
import { NAME_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { SCREENS } from '../../../lib/paths';
import { registerRequest } from '../api/auth-api';
import { AuthLayout, TEXT_LINK } from '../components/auth-layout';
import { EmailOtpFields } from '../components/email-otp-fields';
import { GoogleButton } from '../components/google-button';
import { NewPasswordFields } from '../components/new-password-fields';
import { ENTER_EMAIL_MESSAGE, useOtpFlow, type OtpField } from '../hooks/use-otp-flow';
import { newPasswordProblem, SIGNUP_SUCCESS_MESSAGE } from '../validation';

type SignupField = OtpField | 'name' | 'password' | 'confirm';

/**
 * Signup (spec 1 §2, §4): name and e-mail, the e-mail code, then the password. Each problem is
 * the spec's warning toast and the same words under its field, which takes the focus.
 */
export function SignupScreen() {
  const fields = useFieldErrors<SignupField>();
  const flow = useOtpFlow('signup', fields);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();
  const navigate = useNavigate();

  const warn = (field: SignupField, message: string) => {
    showToast(message, 'warning');
    fields.report(field, message);
  };

  const register = async () => {
    const checkedName = nameSchema.safeParse(name);
    if (!checkedName.success) {
      warn('name', checkedName.error.issues[0]?.message ?? 'Please enter your name.');
      return;
    }
    const address = flow.normalizedEmail();
    if (!address) {
      warn('email', ENTER_EMAIL_MESSAGE);
      return;
    }
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      warn(problem.field, problem.message);
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
        <TextField
          {...NAME_FIELD}
          id={fields.idFor('name')}
          error={fields.errorFor('name')}
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            fields.clear('name');
          }}
        />
        <EmailOtpFields flow={flow} sendLabel="Verify Email" />
        {flow.stage === 'verified' ? (
          <NewPasswordFields
            fields={fields}
            passwordLabel="Password"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            submitLabel="Sign Up"
            submitting={submitting}
          />
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
