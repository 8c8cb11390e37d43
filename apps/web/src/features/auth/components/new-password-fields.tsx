import { Button } from '../../../components/ui/button';
import type { FieldErrors } from '../../../components/ui/use-field-errors';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  fields: FieldErrors<'password' | 'confirm'>;
  /** 'Password' on signup, 'New password' on the reset. */
  passwordLabel: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  submitLabel: string;
  submitting: boolean;
}

/**
 * The last step of signup and of the password reset (spec 1 §2), once the e-mail code is verified:
 * a new password, the same again, and the form's submit. Editing a field clears its problem.
 */
export function NewPasswordFields({ fields, passwordLabel, password, confirm, onPassword, onConfirm, submitLabel, submitting }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={fields.idFor('password')}
        error={fields.errorFor('password')}
        label={passwordLabel}
        value={password}
        onChange={(value) => {
          onPassword(value);
          fields.clear('password');
        }}
        autoComplete="new-password"
      />
      <PasswordField
        id={fields.idFor('confirm')}
        error={fields.errorFor('confirm')}
        label="Confirm password"
        value={confirm}
        onChange={(value) => {
          onConfirm(value);
          fields.clear('confirm');
        }}
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitLabel}
      </Button>
    </>
  );
}
