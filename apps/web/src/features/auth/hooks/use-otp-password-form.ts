import { useState, type FormEvent } from 'react';
import { useLoader } from '../../../components/ui/loader-overlay';
import { useToast } from '../../../components/ui/toast';
import { useFieldErrors, type FieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { newPasswordProblem } from '../validation';
import { ENTER_EMAIL_MESSAGE, useOtpFlow, type OtpField, type OtpFlow } from './use-otp-flow';

type PasswordField = OtpField | 'password' | 'confirm';

export interface OtpPasswordForm<Field extends string> {
  fields: FieldErrors<Field | PasswordField>;
  flow: OtpFlow;
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  submitting: boolean;
  /** The spec's warning toast, and the same words under the field, which takes the focus. */
  warn: (field: Field | PasswordField, message: string) => void;
  /**
   * Checks the verified e-mail and the new password, then sends `request` under the global loader.
   * Resolves to its answer, or null when a check failed (warned) or the call failed (its toast shown).
   */
  submitPassword: <T>(request: (email: string, password: string) => Promise<T>) => Promise<T | null>;
  /** The form's submit: send the code, verify it, then `finish` (Enter works at every stage). */
  onSubmit: (finish: () => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The shared wiring of the two e-mail-code flows that end with a new password (spec 1 §4): signup
 * and password reset. Each screen adds its own fields and what it does with the answer.
 */
export function useOtpPasswordForm<Field extends string = never>(purpose: 'signup' | 'reset'): OtpPasswordForm<Field> {
  const fields = useFieldErrors<Field | PasswordField>();
  const flow = useOtpFlow(purpose, fields);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();

  const warn = (field: Field | PasswordField, message: string) => {
    showToast(message, 'warning');
    fields.report(field, message);
  };

  const submitPassword = async <T,>(request: (email: string, password: string) => Promise<T>): Promise<T | null> => {
    const address = flow.normalizedEmail();
    if (!address) {
      warn('email', ENTER_EMAIL_MESSAGE);
      return null;
    }
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      warn(problem.field, problem.message);
      return null;
    }
    setSubmitting(true);
    try {
      return await withLoader(request(address, password));
    } catch (error) {
      toastFromError(error);
      return null;
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (finish: () => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (flow.stage === 'idle') void flow.sendCode();
    else if (flow.stage === 'codeSent') void flow.verifyOtp();
    else finish();
  };

  return { fields, flow, password, confirm, setPassword, setConfirm, submitting, warn, submitPassword, onSubmit };
}
