import { CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react';
import type { Toast, ToastType } from './toast';

const STYLES: Record<ToastType, { box: string; icon: typeof CircleCheck; label: string }> = {
  success: { box: 'border-emerald-700 bg-emerald-50 text-emerald-950', icon: CircleCheck, label: 'Success' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: TriangleAlert, label: 'Warning' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', icon: CircleAlert, label: 'Error' },
};

/** The toast stack at the bottom right; ToastStack (./toast.tsx) loads it with the first toast. */
export function ToastList({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss: (id: number) => void }) {
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
              onClick={() => onDismiss(toast.id)}
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
