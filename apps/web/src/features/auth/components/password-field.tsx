import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from '../../../components/ui/text-field';

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  id,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** The control's id (a form's field errors give it, to focus the field). */
  id?: string;
  /** A problem with the password, shown under it. */
  error?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={id}
      error={error}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="pr-11"
      trailing={
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          className="absolute inset-y-0 right-1 my-auto inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-maroon-50"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        </button>
      }
    />
  );
}
