import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { INDIAN_STATES, type Address, type AddressFields } from '@ssd/shared/addresses';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { focusClearOfToasts } from '../ui/use-field-errors';
import {
  ADDRESS_FIELD_NAMES,
  ADDRESS_LABELS,
  EMPTY_ADDRESS,
  formValuesOf,
  validateAddress,
  type AddressErrors,
  type AddressFieldName,
  type AddressFormValues,
} from './address-fields';

// The look of ../ui/text-field's controls, for the one select.
const SELECT =
  'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink focus:border-maroon-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-maroon-600 aria-[invalid=true]:border-red-700';

export interface AddressFormProps {
  /** The form's accessible name, e.g. 'New address' or 'Edit address'. */
  label: string;
  /** The address being edited; a new one starts empty. */
  initial?: Address;
  submitLabel?: string;
  /** Called with the checked fields; the caller saves them and closes the form once saved. */
  onSubmit: (fields: AddressFields) => void;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** A save is under way: the buttons are disabled. */
  busy?: boolean;
}

/**
 * A delivery address in India (docs/decisions/0021): full name, mobile, two address lines, city,
 * a state or union territory from INDIAN_STATES, PIN code. Checked with the shared field schemas
 * on submit; each problem shows under its field and the first problem gets the focus.
 */
export function AddressForm({ label, initial, submitLabel = 'Save address', onSubmit, onCancel, busy = false }: AddressFormProps) {
  const [values, setValues] = useState<AddressFormValues>(() => (initial ? formValuesOf(initial) : EMPTY_ADDRESS));
  const [errors, setErrors] = useState<AddressErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const update = (field: AddressFieldName) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // A field being corrected stops saying what was wrong with it.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const check = validateAddress(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = ADDRESS_FIELD_NAMES.find((field) => check.errors[field]);
      const control = first ? formRef.current?.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) focusClearOfToasts(control);
      return;
    }
    setErrors({});
    onSubmit(check.fields);
  };

  const text = (field: AddressFieldName, extra: Record<string, string> = {}) => (
    <TextField
      label={ADDRESS_LABELS[field]}
      name={field}
      value={values[field]}
      onChange={update(field)}
      error={errors[field]}
      {...extra}
    />
  );

  const stateError = errors.state;
  return (
    <form ref={formRef} noValidate aria-label={label} onSubmit={onFormSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('full_name', { autoComplete: 'name' })}
        {text('mobile', { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', placeholder: '10-digit mobile number' })}
      </div>
      {text('line1', { autoComplete: 'address-line1', placeholder: 'House number, building, street' })}
      {text('line2', { autoComplete: 'address-line2', placeholder: 'Area, landmark' })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('city', { autoComplete: 'address-level2' })}
        <div>
          <label htmlFor={`${id}-state`} className="text-sm font-semibold text-ink">
            {ADDRESS_LABELS.state}
          </label>
          <select
            id={`${id}-state`}
            name="state"
            autoComplete="address-level1"
            value={values.state}
            onChange={update('state')}
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? `${id}-state-error` : undefined}
            className={SELECT}
          >
            <option value="">Choose…</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          {stateError ? (
            <p id={`${id}-state-error`} className="mt-1 text-sm font-medium text-red-800">
              {stateError}
            </p>
          ) : null}
        </div>
        {text('pin_code', { inputMode: 'numeric', autoComplete: 'postal-code' })}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
