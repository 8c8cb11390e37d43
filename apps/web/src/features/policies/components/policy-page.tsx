import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * True when the visitor reached this page from another page of the app. React Router keeps its
 * own history index in `window.history.state.idx`; 0 (or none) means this is the first entry.
 */
export function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return false;
  const idx = (state as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}

/** A static policy page (spec 1 §2) with a Back button that goes home when there is no history. */
export function PolicyPage({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const goBack = () => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate('/');
  };

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Button variant="ghost" onClick={goBack} className="-ml-3">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
      <h1 className="mt-4 heading-page">{title}</h1>
      <p className="mt-3 text-lg text-muted">{summary}</p>
      <div className="mt-8 space-y-8">{children}</div>
    </article>
  );
}

/** One titled part of a policy. */
export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 leading-relaxed text-ink">
      <h2 className="heading-panel">{title}</h2>
      {children}
    </section>
  );
}

export function PolicyList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-gold-600">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
