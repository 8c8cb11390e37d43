/**
 * Errors in Razorpay's shape: `{"error": {"code", "description", "source", "step", "reason", "metadata", "field"}}`
 * (razorpay.com/docs/errors). The sandbox answers every refusal this way, so the adapter reads them as it
 * reads Razorpay's.
 */
export interface RazorpayErrorShape {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
}

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorShape,
  ) {
    super(body.error.description);
    this.name = 'SandboxError';
  }
}

/** A request Razorpay refuses for its input (400 BAD_REQUEST_ERROR, source business, reason input_validation_failed). */
export function badRequest(description: string, field?: string): SandboxError {
  return new SandboxError(400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

/** Wrong or missing API keys: Razorpay answers 401 with code BAD_REQUEST_ERROR, 'Authentication failed'. */
export function authenticationFailed(): SandboxError {
  return new SandboxError(401, {
    error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
  });
}

export function notFound(): SandboxError {
  return new SandboxError(404, {
    error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
  });
}

export function serverError(): SandboxError {
  return new SandboxError(500, {
    error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins.', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
  });
}

/** What Standard Checkout hands `payment.failed` handlers (and what the sandbox's pay call answers for a Failure). */
export function paymentFailedResponse(orderId: string, paymentId: string, description: string): RazorpayErrorShape {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: orderId, payment_id: paymentId },
    },
  };
}
