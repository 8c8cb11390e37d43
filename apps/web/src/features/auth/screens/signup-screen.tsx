import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { nameSchema } from '@ssd/shared/auth';
import { NAME_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { SCREENS } from '../../../lib/paths';
import { registerRequest } from '../api/auth-api';
import { AuthLayout, TEXT_LINK } from '../components/auth-layout';
import { EmailOtpFields } from '../components/email-otp-fields';
import { GoogleButton } from '../components/google-button';
import { NewPasswordFields } from '../components/new-password-fields';
import { useOtpPasswordForm } from '../hooks/use-otp-password-form';
import { SIGNUP_SUCCESS_MESSAGE } from '../validation';

/**
 * Signup (spec 1 §2, §4): name and e-mail, the e-mail code, then the password. Each problem is
 * the spec's warning toast and the same words under its field, which takes the focus.
 */
export function SignupScreen() {
  const form = useOtpPasswordForm<'name'>('signup');
  const { fields, flow, password, confirm, setPassword, setConfirm, submitting } = form;
  const [name, setName] = useState('');
  const { showToast } = useToast();
  const navigate = useNavigate();

  const register = async () => {
    const checkedName = nameSchema.safeParse(name);
    if (!checkedName.success) {
      form.warn('name', checkedName.error.issues[0]?.message ?? 'Please enter your name.');
      return;
    }
    const answer = await form.submitPassword((email, newPassword) => registerRequest(checkedName.data, email, newPassword));
    if (!answer) return;
    showToast(SIGNUP_SUCCESS_MESSAGE, 'success');
    void navigate('/auth/login');
  };

  return (
    <AuthLayout tabTitle="Sign Up" heading="Create your account" subtitle="Sign up to shop fabrics and jewellery">
      <form noValidate onSubmit={form.onSubmit(() => void register())} className="space-y-4">
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
