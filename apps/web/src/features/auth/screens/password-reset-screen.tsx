import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { STORE_SHORT_NAME } from '@ssd/shared/constants';
import { Button } from '../../../components/ui/button';
import { useLoader } from '../../../components/ui/loader-overlay';
import { useToast } from '../../../components/ui/toast';
import { useFieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { resetPasswordRequest } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { EmailOtpFields } from '../components/email-otp-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { ENTER_EMAIL_MESSAGE, useOtpFlow, type OtpField } from '../hooks/use-otp-flow';
import { newPasswordProblem } from '../validation';

type ResetField = OtpField | 'password' | 'confirm';

/**
 * Password reset (spec 1 §2, §4): e-mail, code, new password; then the login screen. Each problem
 * is the spec's warning toast and the same words under its field, which takes the focus.
 */
export function PasswordResetScreen() {
  const fields = useFieldErrors<ResetField>();
  const flow = useOtpFlow('reset', fields);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();
  const navigate = useNavigate();

  const warn = (field: ResetField, message: string) => {
    showToast(message, 'warning');
    fields.report(field, message);
  };

  const resetPassword = async () => {
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
      const { message } = await withLoader(resetPasswordRequest(address, password));
      if (message) showToast(message, 'success');
    } catch (error) {
      toastFromError(error);
      return;
    } finally {
      setSubmitting(false);
    }
    void navigate('/auth/login');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (flow.stage === 'idle') void flow.sendCode();
    else if (flow.stage === 'codeSent') void flow.verifyOtp();
    else void resetPassword();
  };

  return (
    <AuthLayout
      tabTitle="Reset Password"
      heading={`${STORE_SHORT_NAME} Password Reset`}
      subtitle="We will e-mail you a code to set a new password"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <EmailOtpFields flow={flow} sendLabel="Send OTP" />
        {flow.stage === 'verified' ? (
          <NewPasswordFields
            fields={fields}
            passwordLabel="New password"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            submitLabel="Reset Password"
            submitting={submitting}
          />
        ) : null}
      </form>
      <Button variant="ghost" className="mt-4 w-full" onClick={() => void navigate('/auth/login')}>
        Back to Login
      </Button>
    </AuthLayout>
  );
}
