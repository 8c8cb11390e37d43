import { useCallback } from 'react';
import { describeFailure, type FailureTexts } from '../../lib/failure-message';
import { useToast } from './toast';

/**
 * The toast of a failed call (spec 1 §8): the server's message, as a warning for code 0 and an
 * error otherwise; `texts` stand in when it has none (src/lib/failure-message.ts).
 */
export function useFailureToast(): (error: unknown, texts?: FailureTexts) => void {
  const { showToast } = useToast();
  return useCallback(
    (error: unknown, texts?: FailureTexts) => {
      const { message, warning } = describeFailure(error, texts);
      showToast(message, warning ? 'warning' : 'error');
    },
    [showToast],
  );
}
