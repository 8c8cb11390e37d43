import { STORE_EMAIL } from '../../../lib/contact-config';

/** The contact form's values (spec 1 §2 Contact: Name, Email, Phone, Message). */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactField = keyof ContactValues;

export interface ContactProblem {
  message: string;
  fields: ContactField[];
}

export const CONTACT_MESSAGES = {
  nameAndMessage: 'Please enter your name and message.',
  emailOrPhone: 'Provide at least an email or a phone number.',
  invalidEmail: 'Enter a valid email address.',
} as const;

/** Something@something.tld, no spaces: what "looks like an email" means here. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** spec 1 §5 Contact, checked in this order; null when the form may be sent. */
export function validateContact(values: ContactValues): ContactProblem | null {
  const name = values.name.trim();
  const message = values.message.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();

  if (!name || !message) {
    const fields: ContactField[] = [];
    if (!name) fields.push('name');
    if (!message) fields.push('message');
    return { message: CONTACT_MESSAGES.nameAndMessage, fields };
  }
  if (!email && !phone) {
    return { message: CONTACT_MESSAGES.emailOrPhone, fields: ['email', 'phone'] };
  }
  if (email && !EMAIL_PATTERN.test(email)) {
    return { message: CONTACT_MESSAGES.invalidEmail, fields: ['email'] };
  }
  return null;
}

/** The mailto: address that opens the visitor's mail app with the enquiry prefilled. */
export function contactMailtoUrl(values: ContactValues): string {
  const name = values.name.trim();
  const subject = `Enquiry from ${name}`;
  const body = [
    `Name: ${name}`,
    `Email: ${values.email.trim() || '-'}`,
    `Phone: ${values.phone.trim() || '-'}`,
    '',
    values.message.trim(),
  ].join('\r\n');
  return `mailto:${STORE_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
