import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleAlert, Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RETRYABLE_STATUSES } from '@ssd/shared/orders-messages';
import { orderStatusLabel } from '@ssd/shared/status';
import { Button, buttonClasses } from '../../../components/ui/button';
import { checkoutRetryState } from '../../../lib/checkout-entry';
import { describeFailure } from '../../../lib/failure-message';
import { SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pollingDone, useOrderStatusPolling, usePaymentVerification } from '../api/get-order-status';
import { checkoutKeys } from '../api/keys';
import { CheckoutNotice, ShopLink } from '../components/checkout-notice';
import { orderDetailsPath, verifyOutcome } from '../lib/verification';

export const VERIFY_TEXT = {
  verifying: 'Verifying your payment',
  confirmed: 'Payment successful',
  failed: 'Payment failed',
  waiting: 'Confirming your payment',
  slow: 'Your payment is being confirmed',
  error: 'We could not verify your payment',
  noOrder: 'No order to verify',
} as const;

const isRetryable = (status: string) => (RETRYABLE_STATUSES as readonly string[]).includes(status);

function MyOrdersLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link to={SCREENS.orders.path} className={buttonClasses(primary ? 'primary' : 'secondary')}>
      My Orders
    </Link>
  );
}

/**
 * /verify/payment?id={order id} (spec 3 §2 Payment verification, loaded on demand; what it shows is
 * ours, docs/decisions/0024): asks the server to verify the payment with the provider, then says the
 * order is confirmed (with its details), not paid (with the way to My Orders, where a payment is
 * retried), or, while it is still pending, reads the status again with growing waits for a minute.
 */
export function VerifyPaymentScreen() {
  useDocumentTitle('Payment Verification');
  const [params] = useSearchParams();
  const orderId = params.get('id')?.trim() ?? '';
  if (!orderId) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6">
        <CheckoutNotice heading={VERIFY_TEXT.noOrder} actions={<MyOrdersLink primary />} />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <Verification key={orderId} orderId={orderId} />
    </div>
  );
}

function Verification({ orderId }: { orderId: string }) {
  const client = useQueryClient();
  const verification = usePaymentVerification(orderId);
  const verified = verification.data ? verifyOutcome(verification.data.status) : null;
  const polled = useOrderStatusPolling(orderId, verified === 'pending');
  // The provider's word (the verification) wins; while it says pending, the latest status read does.
  const latest = verified === 'pending' ? (polled.data ?? verification.data) : verification.data;
  const outcome = latest ? verifyOutcome(latest.status) : null;

  const checkAgain = () => {
    void client.resetQueries({ queryKey: checkoutKeys.paymentVerification(orderId) });
    void client.resetQueries({ queryKey: checkoutKeys.orderStatus(orderId) });
  };

  if (verification.isPending) {
    return (
      <CheckoutNotice heading={VERIFY_TEXT.verifying}>
        <p role="status" className="flex items-center gap-2 text-muted">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-gold-200 border-t-maroon-700" />
          Checking the payment for order {orderId}…
        </p>
      </CheckoutNotice>
    );
  }

  if (verification.isError) {
    return (
      <CheckoutNotice
        heading={VERIFY_TEXT.error}
        actions={
          <>
            <Button onClick={() => void verification.refetch()}>Try Again</Button>
            <MyOrdersLink />
          </>
        }
      >
        <p role="alert" className="text-ink">
          {describeFailure(verification.error).message}
        </p>
      </CheckoutNotice>
    );
  }

  if (outcome === 'confirmed') {
    return (
      <CheckoutNotice
        heading={VERIFY_TEXT.confirmed}
        actions={
          <>
            <Link to={orderDetailsPath(orderId)} className={buttonClasses('primary')}>
              View order details
            </Link>
            <ShopLink />
          </>
        }
      >
        <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
        <p role="status" className="text-ink">
          Your order <span className="font-semibold">{orderId}</span> is confirmed.
        </p>
      </CheckoutNotice>
    );
  }

  if (outcome === 'unpaid' && latest) {
    const heading = latest.status === 'failed' ? VERIFY_TEXT.failed : `Order ${orderStatusLabel(latest.status)}`;
    return (
      <CheckoutNotice
        heading={heading}
        actions={
          <>
            {isRetryable(latest.status) ? (
              <Link to={SCREENS.placeOrder.path} state={checkoutRetryState(orderId)} className={buttonClasses('primary')}>
                Retry Payment
              </Link>
            ) : null}
            <MyOrdersLink primary={!isRetryable(latest.status)} />
            <ShopLink />
          </>
        }
      >
        <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
        <p role="alert" className="text-ink">
          The payment for order <span className="font-semibold">{orderId}</span> did not go through. You can pay for it again.
        </p>
      </CheckoutNotice>
    );
  }

  if (pollingDone(polled.reads)) {
    return (
      <CheckoutNotice
        heading={VERIFY_TEXT.slow}
        actions={
          <>
            <Button onClick={checkAgain}>Check again</Button>
            <MyOrdersLink />
          </>
        }
      >
        <Clock aria-hidden="true" className="size-12 text-gold-700" />
        <p role="status" className="max-w-prose text-ink">
          The payment provider has not confirmed the payment for order <span className="font-semibold">{orderId}</span> yet. This can
          take a few minutes; the order shows as confirmed in My Orders once it is.
        </p>
      </CheckoutNotice>
    );
  }

  return (
    <CheckoutNotice heading={VERIFY_TEXT.waiting}>
      <p role="status" className="flex items-center gap-2 text-muted">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-gold-200 border-t-maroon-700" />
        Waiting for the payment provider to confirm the payment for order {orderId}…
      </p>
    </CheckoutNotice>
  );
}
