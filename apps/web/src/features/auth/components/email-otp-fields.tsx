import { useId } from 'react';
import { BadgeCheck } from 'lucide-react';
import { OTP_LENGTH } from '@ssd/shared/constants';
import { Button } from '../../../components/ui/button';
import type { OtpFlow } from '../hooks/use-otp-flow';
import { INPUT, LABEL } from './auth-layout';

/**
 * The e-mail and code part of signup and password reset (spec 1 §2, §4): the e-mail, then the
 * send button; once sent, the 6-digit code with its countdown, Verify OTP and Resend OTP; once
 * verified, a 'Verified' badge and the e-mail locked.
 */
export function EmailOtpFields({ flow, sendLabel }: { flow: OtpFlow; sendLabel: string }) {
  const id = useId();
  const verified = flow.stage === 'verified';
  return (
    <div className="space-y-4">
      <div>
        <div className="flex items-center justify-between">
          <label htmlFor={`${id}-email`} className={LABEL}>
            Email
          </label>
          {verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Verified
            </span>
          ) : null}
        </div>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          readOnly={verified}
          aria-readonly={verified || undefined}
          value={flow.email}
          onChange={(event) => flow.setEmail(event.target.value)}
          className={INPUT}
        />
      </div>

      {flow.stage === 'idle' ? (
        <Button type="submit" className="w-full" disabled={flow.busy !== null}>
          {sendLabel}
        </Button>
      ) : null}

      {flow.stage === 'codeSent' ? (
        <div className="space-y-3">
          <div>
            <div className="flex items-center justify-between">
              <label htmlFor={`${id}-otp`} className={LABEL}>
                OTP
              </label>
              <span className="text-sm text-muted">
                Code expires in{' '}
                <span role="timer" aria-label="Time left" className="font-semibold tabular-nums text-maroon-700">
                  {flow.countdown}
                </span>
              </span>
            </div>
            <input
              id={`${id}-otp`}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              placeholder={`${OTP_LENGTH}-digit code`}
              maxLength={OTP_LENGTH}
              required
              value={flow.otp}
              onChange={(event) => flow.setOtp(event.target.value)}
              className={`${INPUT} tracking-[0.4em]`}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" className="flex-1" disabled={flow.busy !== null}>
              Verify OTP
            </Button>
            <Button variant="secondary" className="flex-1" disabled={flow.busy !== null} onClick={() => void flow.sendCode()}>
              Resend OTP
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
