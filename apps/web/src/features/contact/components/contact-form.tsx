import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EMAIL_FIELD, NAME_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { focusClearOfToasts } from '../../../components/ui/use-field-errors';
import {
  contactMailtoUrl,
  validateContact,
  type ContactField,
  type ContactProblem,
  type ContactValues,
} from './contact-message';

const EMPTY: ContactValues = { name: '', email: '', phone: '', message: '' };

/**
 * The contact form (spec 1 §2, §5). Nothing is sent to the API: a valid form opens the visitor's
 * own mail app with the subject and body filled in. Problems show inline and as a warning toast,
 * and the first field a problem names takes the focus.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [problem, setProblem] = useState<ContactProblem | null>(null);
  const { showToast } = useToast();
  const id = useId();
  const errorId = `${id}-error`;

  const fieldId = useCallback((field: ContactField) => `${id}-${field}`, [id]);

  const update = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  // One message speaks for every field it names: those fields point to it (and show as invalid).
  const errorFor = (field: ContactField) => (problem?.fields.includes(field) ? errorId : undefined);
  // It sits right under the first of them (under the email and phone row for either), pulled up
  // into the form's row gap so it reads as part of that field, as TextField's own messages do.
  const messageAfter = (...group: ContactField[]) =>
    problem && group.includes(problem.fields[0]!) ? (
      <p id={errorId} role="alert" className="-mt-3 text-sm font-medium text-red-800">
        {problem.message}
      </p>
    ) : null;

  // After the render that tied the message to its fields; each submit makes a new problem object.
  useEffect(() => {
    const first = problem?.fields[0];
    if (first) focusClearOfToasts(document.getElementById(fieldId(first)));
  }, [problem, fieldId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    setProblem(found);
    if (found) {
      showToast(found.message, 'warning');
      return;
    }
    showToast('Opening your mail app to send your message.', 'success');
    window.location.href = contactMailtoUrl(values);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="heading-section">
        Send us a message
      </h2>
      <TextField {...NAME_FIELD} id={fieldId('name')} value={values.name} onChange={update('name')} errorId={errorFor('name')} />
      {messageAfter('name')}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...EMAIL_FIELD}
          id={fieldId('email')}
          value={values.email}
          onChange={update('email')}
          errorId={errorFor('email')}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={update('phone')}
          id={fieldId('phone')}
          errorId={errorFor('phone')}
        />
      </div>
      {messageAfter('email', 'phone')}
      <TextField
        multiline
        label="Message"
        name="message"
        rows={5}
        value={values.message}
        onChange={update('message')}
        id={fieldId('message')}
        errorId={errorFor('message')}
      />
      {messageAfter('message')}
      <p className="text-xs text-muted">Give us an email or a phone number so we can reply.</p>
      <Button type="submit">
        <Send aria-hidden="true" className="size-4" />
        Send
      </Button>
    </form>
  );
}
