import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';

// The look of ../../../components/ui/text-field's controls, for selects.
const SELECT =
  'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink focus:border-maroon-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-maroon-600 aria-[invalid=true]:border-red-700';

/** A labelled select, with its problem under it as TextField shows one. */
export function SelectField({
  label,
  error,
  children,
  ...rest
}: { label: string; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={SELECT}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An add or update form's buttons (spec 3 §2): Reset puts the form back as it opened; Save asks first. */
export function FormActions({ onReset, submitLabel, busy }: { onReset: () => void; submitLabel: string; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onReset} disabled={busy}>
        Reset
      </Button>
    </div>
  );
}

/** The card a form or a record sits on. */
export const CARD = 'rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm sm:p-6';
