import { Clock } from 'lucide-react';
import { formatCountdown } from '../lib/countdown';

/**
 * A countdown line ('Your reservation expires in 9m 5s'). As a timer it is not announced every second;
 * the notice that follows when it reaches 0 is.
 */
export function CountdownBanner({ seconds, text, paused = false }: { seconds: number; text: (countdown: string) => string; paused?: boolean }) {
  return (
    <p
      role="timer"
      data-paused={paused || undefined}
      className="flex items-center gap-2 rounded-xl border border-gold-200 bg-gold-50 px-4 py-3 text-sm font-medium text-gold-700"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {text(formatCountdown(seconds))}
    </p>
  );
}
