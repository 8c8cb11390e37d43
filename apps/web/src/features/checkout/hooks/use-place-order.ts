import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLoader } from '../../../components/ui/loader-overlay';
import { useToast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import type { CheckoutEntryLine } from '../../../lib/checkout-entry';
import { describeFailure, isLoginNeeded } from '../../../lib/failure-message';
import { SCREENS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useCreateOrder } from '../api/create-order';
import { useCreateReservation } from '../api/create-reservation';
import { useRemoveBoughtFromCart } from '../api/remove-bought-from-cart';
import { useRetryOrder } from '../api/retry-order';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { useUpdateReservationStatus } from '../api/update-reservation-status';
import { checkoutReducer, initialState, type CheckoutEntry, type CheckoutState } from '../lib/checkout-state';
import { forgetCheckout, keepCheckout, restoreCheckout } from '../lib/checkout-storage';
import { clockSkew } from '../lib/countdown';
import { CHECKOUT_TEXT } from '../lib/messages';
import { loadCheckoutScript, openCheckout, type RazorpayCheckout } from '../lib/razorpay';

/** Where a paid order is verified (spec 3 §4 step 4). */
export const verifyPaymentPath = (orderId: string) => `/verify/payment?id=${encodeURIComponent(orderId)}`;

export interface PlaceOrderFlow {
  state: CheckoutState;
  /** A call of this screen is under way (its buttons wait). */
  busy: boolean;
  retryReservation: () => void;
  cancelReservation: () => Promise<void>;
  reservationElapsed: () => void;
  placeOrder: (addressId: number) => Promise<void>;
  cancelOrder: () => Promise<void>;
  orderElapsed: () => void;
  proceedToPayment: () => Promise<void>;
}

/**
 * The order-creation screen's flow (spec 3 §2 Order creation, §4 Checkout flow) over the reducer of
 * ../lib/checkout-state.ts: reserves `lines` once on entry (a reload of the same history entry
 * restores the progress instead, see ../lib/checkout-storage.ts) — or, entered by Retry Payment, asks for
 * the earlier order to be paid again and starts at step 2 — then places the order, opens the
 * payment provider's checkout and acts on its outcome. A -2 answer is the login guard's: it says
 * 'Please login to continue.' and goes to login, so nothing here repeats it.
 */
export function usePlaceOrder(entry: CheckoutEntry): PlaceOrderFlow {
  const lines = entry && 'lines' in entry ? entry.lines : null;
  const retryOrderId = entry && 'retryOrderId' in entry ? entry.retryOrderId : null;
  const location = useLocation();
  const navigate = useNavigate();
  const { userEmail } = useSession();
  const { showToast } = useToast();
  const toastFailure = useFailureToast();
  const { withLoader } = useLoader();
  const [state, dispatch] = useReducer(
    checkoutReducer,
    null,
    () => restoreCheckout(location.key, userEmail) ?? initialState(entry),
  );

  const reserve = useCreateReservation();
  const releaseReservation = useUpdateReservationStatus();
  const create = useCreateOrder();
  const endOrder = useUpdateOrderStatus();
  const removeBought = useRemoveBoughtFromCart();
  const retry = useRetryOrder();

  useEffect(() => keepCheckout(location.key, userEmail, state), [location.key, userEmail, state]);

  const reserveMutate = reserve.mutateAsync;
  const runReservation = useCallback(
    async (toReserve: CheckoutEntryLine[]) => {
      try {
        const reservation = await reserveMutate(toReserve);
        dispatch({ type: 'reserved', reservation, skewMs: clockSkew(reservation.reservation_created_at, Date.now()) });
      } catch (error) {
        dispatch({ type: 'reserve-failed', message: describeFailure(error).message });
      }
    },
    [reserveMutate],
  );

  // Reserve once on entry: React's StrictMode runs effects twice, a ref survives that.
  const reserveAsked = useRef(false);
  useEffect(() => {
    if (state.step !== 'reserving' || reserveAsked.current || !lines) return;
    reserveAsked.current = true;
    void runReservation(lines);
  }, [state.step, lines, runReservation]);

  // Retry Payment: asked once on entry, as the reservation is.
  const retryMutate = retry.mutateAsync;
  const retryAsked = useRef(false);
  useEffect(() => {
    if (state.step !== 'retrying' || retryAsked.current || !retryOrderId) return;
    retryAsked.current = true;
    void (async () => {
      try {
        dispatch({ type: 'retried', order: await retryMutate(retryOrderId) });
      } catch (error) {
        if (isLoginNeeded(error)) return;
        const { message } = describeFailure(error, { offline: CHECKOUT_TEXT.retryFailed });
        dispatch({ type: 'retry-failed', message });
      }
    })();
  }, [state.step, retryOrderId, retryMutate]);

  const retryReservation = useCallback(() => {
    if (state.step !== 'reserve-failed' || !lines) return;
    dispatch({ type: 'reserve' });
    void runReservation(lines);
  }, [state.step, lines, runReservation]);

  const reservationId = state.step === 'review' ? state.reservation.reservation_id : null;
  const order = state.step === 'confirm' ? state.order : null;
  const releaseMutate = releaseReservation.mutateAsync;
  const releaseFireAndForget = releaseReservation.mutate;
  const createMutate = create.mutateAsync;
  const endOrderMutate = endOrder.mutateAsync;
  const endOrderFireAndForget = endOrder.mutate;

  const failed = useCallback(
    (error: unknown) => {
      if (!isLoginNeeded(error)) toastFailure(error);
    },
    [toastFailure],
  );

  const cancelReservation = useCallback(async () => {
    if (!reservationId) return;
    try {
      await releaseMutate({ id: reservationId, status: 'cancelled' });
      showToast(CHECKOUT_TEXT.reservationCancelled, 'success');
      dispatch({ type: 'ended', reason: 'reservation-cancelled' });
    } catch (error) {
      failed(error);
    }
  }, [reservationId, releaseMutate, showToast, failed]);

  /** The hold ended on its own: the notice at once; the server is told (its sweeper would release it anyway). */
  const reservationElapsed = useCallback(() => {
    if (!reservationId) return;
    dispatch({ type: 'ended', reason: 'reservation-expired' });
    releaseFireAndForget({ id: reservationId, status: 'expired' });
  }, [reservationId, releaseFireAndForget]);

  const placeOrder = useCallback(
    async (addressId: number) => {
      if (!reservationId) return;
      try {
        const placed = await createMutate({ reservation_id: reservationId, address_id: addressId });
        dispatch({ type: 'placed', order: placed });
      } catch (error) {
        failed(error);
      }
    },
    [reservationId, createMutate, failed],
  );

  const cancelOrder = useCallback(async () => {
    if (!order) return;
    try {
      await endOrderMutate({ id: order.order_id, status: 'cancelled' });
      showToast(CHECKOUT_TEXT.orderCancelled, 'success');
      dispatch({ type: 'ended', reason: 'order-cancelled' });
    } catch (error) {
      failed(error);
    }
  }, [order, endOrderMutate, showToast, failed]);

  const orderElapsed = useCallback(() => {
    if (!order) return;
    dispatch({ type: 'ended', reason: 'order-expired' });
    showToast(CHECKOUT_TEXT.orderExpired, 'warning');
    endOrderFireAndForget({ id: order.order_id, status: 'expired' });
  }, [order, showToast, endOrderFireAndForget]);

  // A checkout still open when the screen goes (the browser's Back) is closed with it.
  const openedCheckout = useRef<RazorpayCheckout | null>(null);
  useEffect(
    () => () => {
      openedCheckout.current?.close();
      openedCheckout.current = null;
    },
    [],
  );

  const paying = state.step === 'confirm' && state.paying;
  const proceedToPayment = useCallback(async () => {
    if (!order || paying) return;
    dispatch({ type: 'payment-started' });
    let Razorpay;
    try {
      Razorpay = await loadCheckoutScript(order.checkout_script);
    } catch {
      showToast(CHECKOUT_TEXT.paymentSdkNotReady, 'error');
      dispatch({ type: 'payment-stopped' });
      return;
    }
    /** The order ends (failed or cancelled) before the shopper is sent to their orders. */
    const endThenLeave = async (status: 'failed' | 'cancelled', toast: () => void) => {
      openedCheckout.current = null;
      forgetCheckout();
      try {
        await withLoader(endOrderMutate({ id: order.order_id, status }));
      } catch {
        // The order stays pending on the server until its payment window ends, then it expires.
      }
      toast();
      void navigate(SCREENS.orders.path, { replace: true });
    };
    try {
      openedCheckout.current = openCheckout(Razorpay, order, {
        onSuccess: () => {
          openedCheckout.current = null;
          forgetCheckout();
          removeBought(order.cart_details.flatMap((line) => (line.item_id === null ? [] : [line.item_id])));
          void navigate(verifyPaymentPath(order.order_id), { replace: true });
        },
        onFailure: () => void endThenLeave('failed', () => showToast(CHECKOUT_TEXT.paymentFailed, 'error')),
        onDismiss: () => void endThenLeave('cancelled', () => showToast(CHECKOUT_TEXT.paymentCancelled, 'warning')),
      });
    } catch {
      openedCheckout.current = null;
      showToast(CHECKOUT_TEXT.paymentOpenFailed, 'error');
      dispatch({ type: 'payment-stopped' });
    }
  }, [order, paying, showToast, withLoader, endOrderMutate, navigate, removeBought]);

  const busy = reserve.isPending || releaseReservation.isPending || create.isPending || endOrder.isPending || retry.isPending;

  return {
    state,
    busy,
    retryReservation,
    cancelReservation,
    reservationElapsed,
    placeOrder,
    cancelOrder,
    orderElapsed,
    proceedToPayment,
  };
}
