/**
 * The payment provider as the checkout sees it: Razorpay's published contract (Orders API, Payments,
 * Refunds, Standard Checkout, payment and webhook signatures). The same adapter talks to Razorpay or to
 * the built-in sandbox (src/sandbox/); only the base address and keys differ. Amounts are paise.
 */

/** Razorpay's order entity (the fields we read). */
export interface ProviderOrder {
  id: string; // order_...
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number; // unix seconds
}

/** Razorpay's payment entity (the fields we read). */
export interface ProviderPayment {
  id: string; // pay_...
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  notes: Record<string, string>;
  created_at: number;
}

export interface ProviderRefund {
  id: string; // rfnd_...
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  /** What we sent with it: a return's refund carries our refund key (refund_key) here and as the receipt. */
  notes: Record<string, string>;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

export interface RefundRequest {
  /** Paise; absent refunds what is left of the payment. */
  amount?: number;
  /** At most 15 pairs, 256 characters each. */
  notes?: Record<string, string>;
  /** Our own reference, 40 characters at most. */
  receipt?: string;
  /**
   * Sent as X-Refund-Idempotency (10+ characters: letters, digits, - and _): Razorpay makes one refund
   * however often the same request arrives with the same key.
   */
  idempotencyKey?: string;
}

/** The webhook events we act on; `payload` carries the entities as Razorpay sends them. */
export interface ProviderWebhook {
  entity: 'event';
  account_id: string;
  event: 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | (string & {});
  contains: string[];
  payload: {
    payment?: { entity: ProviderPayment };
    order?: { entity: ProviderOrder };
  };
  created_at: number;
}

export interface PaymentProvider {
  /** 'razorpay' with configured keys; 'sandbox' for the built-in peer. */
  readonly mode: 'razorpay' | 'sandbox';
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  /** Where the browser loads checkout.js from. */
  readonly checkoutScriptUrl: string;
  // The calls below throw RazorpayError when Razorpay refuses (4xx: bad input, unknown id, wrong keys) and
  // PaymentProviderUnavailableError when it can't be reached, times out or answers 5xx (./errors.ts).
  createOrder(input: { amount: number; currency: 'INR'; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchOrder(orderId: string): Promise<ProviderOrder>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** GET /v1/payments/{id}. */
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  refundPayment(paymentId: string, input?: RefundRequest): Promise<ProviderRefund>;
  /** GET /v1/payments/{id}/refunds?count=100: the payment's refunds, newest first (Razorpay lists at most 100). */
  fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Hex HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  isValidPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret, compared in constant time.
   * `rawBody` is the body as received (the bytes, or their UTF-8 text), before any JSON parsing; a missing
   * or repeated header (undefined, an array) is simply invalid.
   */
  isValidWebhookSignature(rawBody: string | Uint8Array, signature: string | string[] | undefined): boolean;
}
