import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import {
  contactMailtoUrl,
  validateContact,
  type ContactField,
  type ContactProblem,
  type ContactValues,
} from './contact-message';

const EMPTY: ContactValues = { name: '', email: '', phone: '', message: '' };

const INPUT =
  'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink placeholder:text-muted/80 focus:border-maroon-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-maroon-600 aria-[invalid=true]:border-red-700';

/**
 * The contact form (spec 1 §2, §5). Nothing is sent to the API: a valid form opens the visitor's
 * own mail app with the subject and body filled in. Problems show inline and as a warning toast.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [problem, setProblem] = useState<ContactProblem | null>(null);
  const { showToast } = useToast();
  const id = useId();
  const errorId = `${id}-error`;

  const update = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const invalid = (field: ContactField) => (problem?.fields.includes(field) ? true : undefined);
  const describedBy = (field: ContactField) => (problem?.fields.includes(field) ? errorId : undefined);

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
      <h2 id={`${id}-title`} className="text-2xl font-bold text-maroon-700">
        Send us a message
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-semibold">
          Name
        </label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={update('name')}
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
          className={INPUT}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-semibold">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={update('email')}
            aria-invalid={invalid('email')}
            aria-describedby={describedBy('email')}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="text-sm font-semibold">
            Phone
          </label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={update('phone')}
            aria-invalid={invalid('phone')}
            aria-describedby={describedBy('phone')}
            className={INPUT}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="text-sm font-semibold">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          value={values.message}
          onChange={update('message')}
          aria-invalid={invalid('message')}
          aria-describedby={describedBy('message')}
          className={INPUT}
        />
      </div>
      <p className="text-xs text-muted">Give us an email or a phone number so we can reply.</p>
      {problem ? (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem.message}
        </p>
      ) : null}
      <Button type="submit">
        <Send aria-hidden="true" className="size-4" />
        Send
      </Button>
    </form>
  );
}
