import { ResponseCode } from '@ssd/shared/api';
import { AppError } from '../../lib/envelope';
import type { PaymentProvider } from './types';

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Online payment is not available right now. Please try again later.';

/**
 * The provider of an app built without one (an API-only test app): every call answers 503 in the
 * envelope. main.ts always builds a real one, Razorpay's or the sandbox's.
 */
export const paymentsNotConfigured: PaymentProvider = {
  mode: 'sandbox',
  keyId: '',
  checkoutScriptUrl: '',
  createOrder: refuse,
  fetchOrder: refuse,
  fetchOrderPayments: refuse,
  fetchPayment: refuse,
  refundPayment: refuse,
  fetchPaymentRefunds: refuse,
  isValidPaymentSignature: () => false,
  isValidWebhookSignature: () => false,
};

async function refuse(): Promise<never> {
  throw new AppError(503, ResponseCode.FAILURE, PAYMENTS_NOT_CONFIGURED_MESSAGE);
}
