import { CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react';
import type { Toast, ToastType } from './toast';

const STYLES: Record<ToastType, { box: string; icon: typeof CircleCheck; label: string }> = {
  success: { box: 'border-emerald-700 bg-emerald-50 text-emerald-950', icon: CircleCheck, label: 'Success' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: TriangleAlert, label: 'Warning' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', icon: CircleAlert, label: 'Error' },
};

/** The stack's top edge (top-18, under the 4rem navbar), a toast's room (a line or two and the gap), in px. */
const STACK_TOP_PX = 72;
const TOAST_ROOM_PX = 80;
/** From md the stack is 24rem wide, 1.5rem from the right edge; below, it spans the screen. */
const STACK_WIDTH_PX = 384;
const STACK_RIGHT_PX = 24;

/** Where a control is on screen, in viewport px. */
export interface ControlBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The box of the control that raised a toast, while it is on the page and drawn. */
export function raisingControlBox(toast: Toast): ControlBox | undefined {
  if (!toast.raisedBy?.isConnected) return undefined;
  const { top, bottom, left, right } = toast.raisedBy.getBoundingClientRect();
  return bottom > top ? { top, bottom, left, right } : undefined;
}

/**
 * Top, just under the navbar, unless a control that raised one of the toasts is where the stack
 * would lie: then at the bottom, above the phone's bottom bar. Forms end in their buttons and the
 * phone's bars and floating buttons sit low, so the top is the usual place
 * (docs/decisions/0042-field-errors-toasts-and-listing-order.md). `raisedFrom` has one entry per toast.
 */
export function stackPlacement(raisedFrom: readonly (ControlBox | undefined)[], viewportWidth: number): 'top' | 'bottom' {
  const reach = STACK_TOP_PX + raisedFrom.length * TOAST_ROOM_PX;
  const left = viewportWidth >= 768 ? viewportWidth - STACK_RIGHT_PX - STACK_WIDTH_PX : 0;
  return raisedFrom.some((box) => box !== undefined && box.top < reach && box.right > left) ? 'bottom' : 'top';
}

const PLACEMENT = {
  top: 'top-18',
  bottom: 'bottom-36 md:bottom-24',
} as const;

/** The toast stack; ToastStack (./toast.tsx) loads it with the first toast. */
export function ToastList({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss: (id: number) => void }) {
  const placement = stackPlacement(toasts.map(raisingControlBox), window.innerWidth);
  return (
    <div
      data-testid="toast-stack"
      data-placement={placement}
      className={`pointer-events-none fixed inset-x-3 z-[70] flex flex-col gap-2 md:inset-x-auto md:right-6 md:w-96 ${PLACEMENT[placement]}`}
    >
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
