import { useNavigate } from 'react-router';
import { STORE_SHORT_NAME } from '@ssd/shared/constants';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { resetPasswordRequest } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { EmailOtpFields } from '../components/email-otp-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { useOtpPasswordForm } from '../hooks/use-otp-password-form';

/**
 * Password reset (spec 1 §2, §4): e-mail, code, new password; then the login screen. Each problem
 * is the spec's warning toast and the same words under its field, which takes the focus.
 */
export function PasswordResetScreen() {
  const form = useOtpPasswordForm('reset');
  const { fields, flow, password, confirm, setPassword, setConfirm, submitting } = form;
  const { showToast } = useToast();
  const navigate = useNavigate();

  const resetPassword = async () => {
    const answer = await form.submitPassword(resetPasswordRequest);
    if (!answer) return;
    if (answer.message) showToast(answer.message, 'success');
    void navigate('/auth/login');
  };

  return (
    <AuthLayout
      tabTitle="Reset Password"
      heading={`${STORE_SHORT_NAME} Password Reset`}
      subtitle="We will e-mail you a code to set a new password"
    >
      <form noValidate onSubmit={form.onSubmit(() => void resetPassword())} className="space-y-4">
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
