import { useCallback, useEffect, useRef, useState } from 'react';
import { emailSchema, OTP_SENT_MESSAGE, otpSchema, type OtpPurpose } from '@ssd/shared/auth';
import { OTP_COUNTDOWN_SECONDS, OTP_LENGTH } from '@ssd/shared/constants';
import { useToast } from '../../../components/ui/toast';
import type { FieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { useLoader } from '../../../components/ui/loader-overlay';
import { triggerOtpRequest, verifyOtpRequest } from '../api/auth-api';

/**
 * The e-mail code flow shared by signup and password reset (spec 1 §4 "same shape"):
 *
 *   idle ──send code──▶ codeSent (countdown from 5:00) ──verify──▶ verified
 *     ▲                     │ countdown reaches 0:00             │
 *     └─────────────────────┴──── the e-mail changes ────────────┘
 *
 * Resend restarts the countdown. Answers that arrive after the e-mail changed are ignored.
 */
export type OtpStage = 'idle' | 'codeSent' | 'verified';

/** The flow's own fields, named as the screens' field errors name them. */
export type OtpField = 'email' | 'otp';

export const ENTER_EMAIL_MESSAGE = 'Please enter email';
export const ENTER_OTP_MESSAGE = 'Please enter OTP';
export const OTP_SEND_FAILED_MESSAGE = 'Failed to send OTP';

/** 300 → '5:00', 59 → '0:59'. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

export interface OtpFlow {
  email: string;
  setEmail: (email: string) => void;
  otp: string;
  setOtp: (otp: string) => void;
  stage: OtpStage;
  secondsLeft: number;
  countdown: string;
  busy: 'send' | 'verify' | null;
  /** Sends (or re-sends) the code; returns true when it went out. */
  sendCode: () => Promise<boolean>;
  verifyOtp: () => Promise<boolean>;
  /** The e-mail as the server knows it (trimmed, lower case), once it is valid. */
  normalizedEmail: () => string | null;
  reset: () => void;
  /** Where the e-mail and code fields take their ids and problems from. */
  fields: FieldErrors<OtpField>;
}

/**
 * `fields` shows each problem under its field (and focuses it) besides the toast; the screen
 * shares it with its own fields, so one problem shows at a time.
 */
export function useOtpFlow(purpose: OtpPurpose, fields: FieldErrors<OtpField>): OtpFlow {
  const [email, setEmailValue] = useState('');
  const [otp, setOtpValue] = useState('');
  const [stage, setStage] = useState<OtpStage>('idle');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const generation = useRef(0);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();
  const { report, clear } = fields;

  /** The spec's warning toast, and the same words under the field. */
  const warn = useCallback(
    (field: OtpField, message: string) => {
      showToast(message, 'warning');
      report(field, message);
    },
    [showToast, report],
  );

  const reset = useCallback(() => {
    generation.current += 1;
    setStage('idle');
    setOtpValue('');
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  const setEmail = useCallback(
    (next: string) => {
      if (next !== email) reset();
      setEmailValue(next);
      clear('email');
    },
    [email, reset, clear],
  );

  const setOtp = useCallback(
    (value: string) => {
      setOtpValue(value.replace(/\D/g, '').slice(0, OTP_LENGTH));
      clear('otp');
    },
    [clear],
  );

  useEffect(() => {
    if (stage !== 'codeSent' || deadline === null) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      // The code expired unverified: back to sending one.
      if (left === 0) reset();
    }, 1000);
    return () => clearInterval(timer);
  }, [stage, deadline, reset]);

  const normalizedEmail = useCallback(() => {
    const parsed = emailSchema.safeParse(email);
    return parsed.success ? parsed.data : null;
  }, [email]);

  const sendCode = useCallback(async () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      warn('email', email.trim() ? (parsed.error.issues[0]?.message ?? ENTER_EMAIL_MESSAGE) : ENTER_EMAIL_MESSAGE);
      return false;
    }
    const mine = ++generation.current;
    setBusy('send');
    let message: string;
    try {
      ({ message } = await withLoader(triggerOtpRequest(purpose, parsed.data)));
    } catch (error) {
      if (mine === generation.current) toastFromError(error, { fallback: OTP_SEND_FAILED_MESSAGE });
      return false;
    } finally {
      setBusy(null);
    }
    if (mine !== generation.current) return false;
    showToast(message || OTP_SENT_MESSAGE, 'success');
    setOtpValue('');
    setStage('codeSent');
    setDeadline(Date.now() + OTP_COUNTDOWN_SECONDS * 1000);
    setSecondsLeft(OTP_COUNTDOWN_SECONDS);
    return true;
  }, [email, purpose, showToast, warn, toastFromError, withLoader]);

  const verifyOtp = useCallback(async () => {
    const address = normalizedEmail();
    if (!address) {
      warn('email', ENTER_EMAIL_MESSAGE);
      return false;
    }
    if (!otp.trim()) {
      warn('otp', ENTER_OTP_MESSAGE);
      return false;
    }
    const checked = otpSchema.safeParse(otp);
    if (!checked.success) {
      warn('otp', checked.error.issues[0]?.message ?? ENTER_OTP_MESSAGE);
      return false;
    }
    const mine = generation.current;
    setBusy('verify');
    let message: string;
    try {
      ({ message } = await withLoader(verifyOtpRequest(purpose, address, checked.data)));
    } catch (error) {
      if (mine === generation.current) toastFromError(error);
      return false;
    } finally {
      setBusy(null);
    }
    if (mine !== generation.current) return false;
    if (message) showToast(message, 'success');
    setStage('verified');
    setDeadline(null);
    return true;
  }, [normalizedEmail, otp, purpose, showToast, warn, toastFromError, withLoader]);

  return {
    email,
    setEmail,
    otp,
    setOtp,
    stage,
    secondsLeft,
    countdown: formatCountdown(secondsLeft),
    busy,
    sendCode,
    verifyOtp,
    normalizedEmail,
    reset,
    fields,
  };
}
