/**
 * The two ways a call to Razorpay (or the sandbox) fails. Messages name the call and Razorpay's code and
 * description; never a key, a secret or a whole response body.
 */

/** Razorpay's error body: `{"error": {"code", "description", "source", "step", "reason", "metadata", "field"}}`. */
export interface RazorpayErrorBody {
  code: string;
  description: string;
  source?: string | null;
  step?: string | null;
  reason?: string | null;
  metadata?: Record<string, unknown> | null;
  field?: string | null;
}

/**
 * Razorpay refused the request (a 4xx, with its error body when it sent one): bad input, an unknown id,
 * wrong keys (401), an order already paid, a refund larger than what is left. Retrying the same
 * request will not help.
 */
export class RazorpayError extends Error {
  readonly status: number;
  /** BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR...; UNEXPECTED_RESPONSE when the answer was not Razorpay's error shape. */
  readonly code: string;
  readonly description: string;
  /** The request parameter at fault, when Razorpay names one. */
  readonly field: string | null;
  readonly source: string | null;
  readonly step: string | null;
  readonly reason: string | null;

  constructor(status: number, body: RazorpayErrorBody, call: string) {
    super(`Razorpay refused ${call}: ${status} ${body.code}: ${truncate(body.description, 200)}`);
    this.name = 'RazorpayError';
    this.status = status;
    this.code = body.code;
    this.description = body.description;
    this.field = body.field ?? null;
    this.source = body.source ?? null;
    this.step = body.step ?? null;
    this.reason = body.reason ?? null;
  }
}

/**
 * Razorpay could not be asked or did not answer usably: the connection failed, the time limit passed,
 * it answered 5xx, or a 2xx whose body is not the entity asked for. The call may succeed later; for a
 * POST it may also have taken effect (look the order up before creating another).
 */
export class PaymentProviderUnavailableError extends Error {
  /** The HTTP status when there was an answer. */
  readonly status: number | null;

  constructor(call: string, reason: string, options: { status?: number; cause?: unknown } = {}) {
    super(`The payment provider is unavailable (${call}): ${reason}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PaymentProviderUnavailableError';
    this.status = options.status ?? null;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
