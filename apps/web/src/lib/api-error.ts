import { NETWORK_MESSAGES, ResponseCode } from '@ssd/shared/api';

/** The codes of a failed answer (spec 1 §8): 0 a failure the visitor can fix, -1 one they cannot, -2 login needed. */
export type FailureCode = typeof ResponseCode.WARNING | typeof ResponseCode.FAILURE | typeof ResponseCode.LOGIN_NEEDED;

/**
 * The one error every call of the product API (./api-client.ts) and of the content service
 * (./content-client.ts) throws (docs/decisions/0022-web-data-layer.md). It carries the envelope's
 * code and message and the HTTP status. A call that got no usable answer (offline, a proxy's error
 * page, an answer that is not the promised shape) is a `network` failure: code -1 and the network
 * message of spec 1 §8 for what it talked to. Its message is always one a visitor may read.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: FailureCode;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** True when there was no usable answer (see above). */
  readonly network: boolean;

  constructor(code: FailureCode, message: string, status: number, network = false) {
    super(message);
    this.code = code;
    this.status = status;
    this.network = network;
  }
}

/** No usable answer from the product API (`message` 'Failed to connect to our server.' unless told). */
export function networkError(status: number, message: string = NETWORK_MESSAGES.api): ApiError {
  return new ApiError(ResponseCode.FAILURE, message, status, true);
}
