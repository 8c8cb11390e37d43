import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { readCheckoutEntry, readCheckoutRetry } from '../../../lib/checkout-entry';
import { isLive, SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CheckoutNotice, ShopLink } from '../components/checkout-notice';
import { CheckoutStepper } from '../components/checkout-stepper';
import { ConfirmationStep } from '../components/confirmation-step';
import { ReviewStep } from '../components/review-step';
import { usePlaceOrder } from '../hooks/use-place-order';
import { activeStep, END_NOTICES } from '../lib/checkout-state';
import { CHECKOUT_TEXT } from '../lib/messages';
import { orderDetailsPath } from '../lib/verification';

/**
 * /place/order (spec 3 §2 Order creation), entered from the cart's Checkout or Buy Now with the lines
 * in the router state (src/lib/checkout-entry.ts), or from Retry Payment with an earlier order's id;
 * the route wraps it in RequireLogin.
 */
export function PlaceOrderScreen() {
  useDocumentTitle('Place Order');
  const location = useLocation();
  const entry = useMemo(() => {
    const retryOrderId = readCheckoutRetry(location.state);
    if (retryOrderId) return { retryOrderId };
    const lines = readCheckoutEntry(location.state);
    return lines ? { lines } : null;
  }, [location.state]);
  const flow = usePlaceOrder(entry);
  const { state } = flow;
  const step = activeStep(state);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      {step !== null || state.step === 'reserving' || state.step === 'retrying' ? <CheckoutStepper active={step ?? (state.step === 'retrying' ? 2 : 1)} /> : null}
      {state.step === 'empty' ? (
        <CheckoutNotice heading={CHECKOUT_TEXT.noItemsHeading} actions={<ShopLink>Shop Now</ShopLink>}>
          <p className="text-ink">{CHECKOUT_TEXT.noItemsText}</p>
        </CheckoutNotice>
      ) : state.step === 'reserving' ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <h1 className="heading-page">Order review</h1>
          <p role="status" className="text-sm text-muted">
            Reserving your items…
          </p>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : state.step === 'retrying' ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <h1 className="heading-page">Order Confirmation</h1>
          <p role="status" className="text-sm text-muted">
            {CHECKOUT_TEXT.retrying}
          </p>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : state.step === 'retry-failed' ? (
        <CheckoutNotice
          heading={CHECKOUT_TEXT.retryNotPossible}
          actions={
            <>
              {isLive('orders') ? (
                <Link to={orderDetailsPath(state.orderId)} className={buttonClasses('secondary')}>
                  Order details
                </Link>
              ) : null}
              <ShopLink />
            </>
          }
        >
          <p role="alert" className="text-ink">
            {state.message}
          </p>
        </CheckoutNotice>
      ) : state.step === 'reserve-failed' ? (
        <CheckoutNotice
          heading={CHECKOUT_TEXT.reserveFailedHeading}
          actions={
            <>
              <Button onClick={flow.retryReservation}>Try Again</Button>
              {isLive('cart') ? (
                <Link to={SCREENS.cart.path} className={buttonClasses('secondary')}>
                  Back to cart
                </Link>
              ) : null}
              <ShopLink />
            </>
          }
        >
          <p role="alert" className="text-ink">
            {state.message}
          </p>
        </CheckoutNotice>
      ) : state.step === 'review' ? (
        <ReviewStep
          key={state.reservation.reservation_id}
          reservation={state.reservation}
          skewMs={state.skewMs}
          busy={flow.busy}
          onCancel={() => void flow.cancelReservation()}
          onPlaceOrder={(addressId) => void flow.placeOrder(addressId)}
          onElapsed={flow.reservationElapsed}
        />
      ) : state.step === 'confirm' ? (
        <ConfirmationStep
          key={state.order.order_id}
          order={state.order}
          skewMs={state.skewMs}
          paying={state.paying}
          busy={flow.busy}
          onCancel={() => void flow.cancelOrder()}
          onProceed={() => void flow.proceedToPayment()}
          onElapsed={flow.orderElapsed}
        />
      ) : (
        <CheckoutNotice heading={END_NOTICES[state.reason]} actions={<ShopLink />} />
      )}
    </div>
  );
}
