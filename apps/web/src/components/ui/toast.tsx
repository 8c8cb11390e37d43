import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react';
import { ResponseCode } from '@ssd/shared/api';
import { TOAST_DURATION_MS } from '@ssd/shared/constants';

/** spec 1 §3: a toast has a message, a type and a timestamp. */
export type ToastType = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  timestamp: number;
}

/** The part of an API answer the toast rule reads. */
export interface EnvelopeLike {
  code: number;
  message: string;
}

/** spec 1 §8: a failure shows the server message, as a warning when code is 0, else as an error. */
export function toastTypeForFailure(code: number): ToastType {
  return code === ResponseCode.WARNING ? 'warning' : 'error';
}

export interface ToastApi {
  toasts: readonly Toast[];
  showToast: (message: string, type?: ToastType) => void;
  dismissToast: (id: number) => void;
  /**
   * Applies spec 1 §8's rule to an API answer: on failure it shows the server message (warning
   * for code 0, error otherwise) and returns false; on success it shows nothing unless
   * `showSuccess` asks for the server message, and returns true.
   */
  toastFromEnvelope: (envelope: EnvelopeLike, options?: { showSuccess?: boolean }) => boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismissToast = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    (message: string, type: ToastType = 'success') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type, timestamp: Date.now() }]);
      timers.current.set(
        id,
        setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
      );
    },
    [dismissToast],
  );

  const toastFromEnvelope = useCallback<ToastApi['toastFromEnvelope']>(
    (envelope, options) => {
      if (envelope.code === ResponseCode.SUCCESS) {
        if (options?.showSuccess && envelope.message) showToast(envelope.message, 'success');
        return true;
      }
      showToast(envelope.message, toastTypeForFailure(envelope.code));
      return false;
    },
    [showToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo<ToastApi>(
    () => ({ toasts, showToast, dismissToast, toastFromEnvelope }),
    [toasts, showToast, dismissToast, toastFromEnvelope],
  );
  return <ToastContext value={value}>{children}</ToastContext>;
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

const STYLES: Record<ToastType, { box: string; icon: typeof CircleCheck; label: string }> = {
  success: { box: 'border-emerald-700 bg-emerald-50 text-emerald-950', icon: CircleCheck, label: 'Success' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: TriangleAlert, label: 'Warning' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', icon: CircleAlert, label: 'Error' },
};

/** The toast stack at the bottom right (spec 1 §2); the shell renders it once. */
export function ToastStack() {
  const { toasts, dismissToast } = useToast();
  return (
    <div className="pointer-events-none fixed right-3 bottom-36 z-[70] flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2 md:right-6 md:bottom-24">
      {toasts.map((toast) => {
        const style = STYLES[toast.type];
        const Icon = style.icon;
        return (
          <div
            key={toast.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-type={toast.type}
            className={`toast-enter pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${style.box}`}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="flex-1 text-sm">
              <span className="sr-only">{style.label}: </span>
              {toast.message}
            </p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              aria-label="Dismiss notification"
              className="-m-1 rounded p-1 hover:bg-black/5"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
