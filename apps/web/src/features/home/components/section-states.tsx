import { NETWORK_MESSAGES } from '@ssd/shared/api';
import { Button } from '../../../components/ui/button';

/** A home section's failure: 'Unable to connect to our server' with Try Again. */
export function SectionError({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-maroon-100 bg-white px-4 py-8 text-center">
      <p role="alert" className="text-ink">
        {NETWORK_MESSAGES.content}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={busy}>
        Try Again
      </Button>
    </div>
  );
}

export function SectionEmpty({ text }: { text: string }) {
  return <p className="rounded-2xl border border-maroon-100 bg-white px-4 py-8 text-center text-muted">{text}</p>;
}
