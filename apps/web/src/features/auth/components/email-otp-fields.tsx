import { BadgeCheck } from 'lucide-react';
import { OTP_LENGTH } from '@ssd/shared/constants';
import { Button } from '../../../components/ui/button';
import { EMAIL_FIELD, TextField } from '../../../components/ui/text-field';
import type { OtpFlow } from '../hooks/use-otp-flow';

/**
 * The e-mail and code part of signup and password reset (spec 1 §2, §4): the e-mail, then the
 * send button; once sent, the 6-digit code with its countdown, Verify OTP and Resend OTP; once
 * verified, a 'Verified' badge and the e-mail locked.
 */
export function EmailOtpFields({ flow, sendLabel }: { flow: OtpFlow; sendLabel: string }) {
  const verified = flow.stage === 'verified';
  const { fields } = flow;
  return (
    <div className="space-y-4">
      <TextField
        {...EMAIL_FIELD}
        id={fields.idFor('email')}
        error={fields.errorFor('email')}
        labelAside={
          verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Verified
            </span>
          ) : null
        }
        required
        readOnly={verified}
        aria-readonly={verified || undefined}
        value={flow.email}
        onChange={(event) => flow.setEmail(event.target.value)}
      />

      {flow.stage === 'idle' ? (
        <Button type="submit" className="w-full" disabled={flow.busy !== null}>
          {sendLabel}
        </Button>
      ) : null}

      {flow.stage === 'codeSent' ? (
        <div className="space-y-3">
          <TextField
            id={fields.idFor('otp')}
            error={fields.errorFor('otp')}
            label="OTP"
            labelAside={
              <span className="text-sm text-muted">
                Code expires in{' '}
                <span role="timer" aria-label="Time left" className="font-semibold tabular-nums text-maroon-700">
                  {flow.countdown}
                </span>
              </span>
            }
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            placeholder={`${OTP_LENGTH}-digit code`}
            maxLength={OTP_LENGTH}
            required
            value={flow.otp}
            onChange={(event) => flow.setOtp(event.target.value)}
            className="tracking-[0.4em]"
          />
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
