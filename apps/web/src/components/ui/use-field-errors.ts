import { useCallback, useEffect, useId, useState } from 'react';

/**
 * The problem a form found with one of its fields, shown under that field (TextField's `error`)
 * besides the toast the spec asks for. Each field gets its id from `idFor`, so the problem can
 * move the focus there: the first invalid field is where the shopper types next.
 */
export interface FieldErrors<F extends string> {
  /** The field's control id (give it to TextField as `id`). */
  idFor: (field: F) => string;
  /** The message under the field, or undefined. */
  errorFor: (field: F) => string | undefined;
  /** Shows `message` under `field` (the form's only problem) and moves the focus to it. */
  report: (field: F, message: string) => void;
  /** The field was edited: its message goes. */
  clear: (field: F) => void;
  /** Every message goes (e.g. the form was sent). */
  clearAll: () => void;
}

interface Reported<F> {
  field: F;
  message: string;
}

/**
 * Focuses a field; one out of sight, or in the top third where the toasts sit (./toast-list.tsx),
 * is first scrolled to the middle of the screen, so its toast does not cover it.
 */
export function focusClearOfToasts(field: HTMLElement | null): void {
  if (!field) return;
  const { top, bottom } = field.getBoundingClientRect();
  const height = window.innerHeight;
  // jsdom lays nothing out (every box is 0 × 0) and has no scrollIntoView.
  if ((top < height / 3 || bottom > height) && bottom > top) field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
}

/** The field problems of one form. The spec's forms stop at their first problem, so one at a time. */
export function useFieldErrors<F extends string>(): FieldErrors<F> {
  const prefix = useId();
  const [reported, setReported] = useState<Reported<F> | null>(null);

  const idFor = useCallback((field: F) => `${prefix}-${field}`, [prefix]);

  // After the render that marked the field invalid and tied its message to it, so the message is
  // read with the field when it takes the focus. Each report is a new object: the same problem
  // reported twice moves the focus again.
  useEffect(() => {
    if (reported) focusClearOfToasts(document.getElementById(idFor(reported.field)));
  }, [reported, idFor]);

  const report = useCallback((field: F, message: string) => setReported({ field, message }), []);
  const clear = useCallback((field: F) => {
    setReported((current) => (current?.field === field ? null : current));
  }, []);
  const clearAll = useCallback(() => setReported(null), []);
  const errorFor = (field: F) => (reported?.field === field ? reported.message : undefined);

  return { idFor, errorFor, report, clear, clearAll };
}
