import { useState } from 'react';
import type { FieldErrors } from './form-check';

/**
 * The state every admin record form keeps (banner, catalog, product): its text values, the problem
 * shown under each field, a change handler per field, and Reset back to what the form opened with.
 */
export function useAdminForm<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  /** One field set by something other than its own control (an upload's path, say). */
  const setValue = (field: Field, value: (current: string) => string) => setValues((current) => ({ ...current, [field]: value(current[field]) }));
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, errors, setErrors, set, setValue, reset };
}
