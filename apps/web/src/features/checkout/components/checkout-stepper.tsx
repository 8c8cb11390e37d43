import { Check } from 'lucide-react';

/** The three steps of spec 3 §2 Order creation. */
export const CHECKOUT_STEPS = ['Check Order', 'Order Confirmation', 'Payment'] as const;

/** The stepper: steps done are ticked, the current one is marked for assistive technology too. */
export function CheckoutStepper({ active }: { active: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-2 text-sm">
      {CHECKOUT_STEPS.map((label, index) => {
        const step = index + 1;
        const done = step < active;
        const current = step === active;
        return (
          <li key={label} aria-current={current ? 'step' : undefined} className="flex flex-1 items-center gap-2 last:flex-none">
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                done
                  ? 'border-maroon-700 bg-maroon-700 text-white'
                  : current
                    ? 'border-maroon-700 bg-white text-maroon-700'
                    : 'border-maroon-200 bg-white text-muted'
              }`}
            >
              {done ? <Check className="size-4" /> : step}
            </span>
            <span className={`whitespace-nowrap ${current ? 'font-semibold text-ink' : 'text-muted'}`}>
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
            {step < CHECKOUT_STEPS.length ? <span aria-hidden="true" className="h-px min-w-4 flex-1 bg-maroon-200" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
