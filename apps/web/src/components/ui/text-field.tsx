import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/*
 * One look for every form field. Each state (read-only, a placeholder, invalid) is a variant, so a
 * state a form never enters changes nothing in it.
 */
const CONTROL =
  'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink placeholder:text-muted/80 read-only:bg-maroon-50/60 focus:border-maroon-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-maroon-600 aria-[invalid=true]:border-red-700';
const LABEL = 'text-sm font-semibold text-ink';

/**
 * The name and e-mail fields every form asks for, labelled as the spec labels them: one set of
 * name and autocomplete attributes, so browsers fill them in alike on every form.
 */
export const NAME_FIELD = { label: 'Name', name: 'name', autoComplete: 'name' } as const;
export const EMAIL_FIELD = { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' } as const;

interface FieldOwnProps {
  label: string;
  /**
   * Shown beside the label, on the same line (a badge, a countdown). Passing it, even as null,
   * lays the label out as that row, so the field does not shift when the aside comes and goes.
   */
  labelAside?: ReactNode;
  /** Drawn over the right end of the control (e.g. a show/hide button); the caller leaves room with padding. */
  trailing?: ReactNode;
  /** A problem with this field, shown under it; marks the field invalid and describes it. */
  error?: string | null;
  /**
   * The id of a problem shown elsewhere, e.g. one message for several fields: marks the field
   * invalid and describes it with that text.
   */
  errorId?: string;
}

type InputFieldProps = FieldOwnProps & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextareaFieldProps = FieldOwnProps & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;
export type TextFieldProps = InputFieldProps | TextareaFieldProps;

/**
 * A labelled input (or textarea with `multiline`). The label is tied to the control by id, so
 * screen readers name it; an error is tied by aria-describedby, so it is read with the field.
 * `className` adds to the control's classes; every other prop goes to the control.
 */
export function TextField(props: TextFieldProps) {
  const generatedId = useId();
  const { label, labelAside, trailing, error, errorId, multiline, className = '', id = generatedId, ...rest } = props;
  const ownErrorId = `${id}-error`;
  const describedBy = error ? ownErrorId : errorId;
  const shared = {
    id,
    'aria-invalid': describedBy ? true : undefined,
    'aria-describedby': describedBy,
    className: `${CONTROL} ${className}`.trim(),
  } as const;
  // `multiline` picks which of the union's prop sets `rest` holds.
  const control = multiline ? (
    <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
  ) : (
    <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
  );

  const labelElement = (
    <label htmlFor={id} className={LABEL}>
      {label}
    </label>
  );

  return (
    <div>
      {labelAside !== undefined ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {trailing ? (
        <div className="relative">
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={ownErrorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
