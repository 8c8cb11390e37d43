import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { useLoader } from '../../../components/ui/loader-overlay';
import { useToast } from '../../../components/ui/toast';
import { GoogleMark } from './google-mark';
import { prepareGoogleSignIn, type GoogleContext } from '../google';

/** 'Continue with Google' (spec 1 §2, §4): off to the provider, or says why not. */
export function GoogleButton({ context }: { context: GoogleContext }) {
  const [busy, setBusy] = useState(false);
  const { showToast } = useToast();
  const { withLoader } = useLoader();

  const start = async () => {
    setBusy(true);
    const result = await withLoader(prepareGoogleSignIn(context));
    if (result.ok) {
      window.location.assign(result.url);
      return;
    }
    setBusy(false);
    showToast(result.message, result.notConfigured ? 'warning' : 'error');
  };

  return (
    <button type="button" onClick={() => void start()} disabled={busy} className={buttonClasses('secondary', 'w-full')}>
      <GoogleMark />
      Continue with Google
    </button>
  );
}
