/** Response codes of spec 1 §8: every /api answer carries one of these. */
export const ResponseCode = {
  SUCCESS: 1,
  WARNING: 0,
  FAILURE: -1,
  LOGIN_NEEDED: -2,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

export interface Envelope<T = unknown> {
  code: ResponseCode;
  message: string;
  data: T;
}

/** Network failure messages of spec 1 §8: which one a call shows depends on what it talks to. */
export const NETWORK_MESSAGES = {
  content: 'Unable to connect to our server',
  api: 'Failed to connect to our server.',
} as const;

/** The auth headers of spec 1 §6. */
export const AUTH_HEADER = 'authorization';
export const REFRESH_HEADER = 'x-refresh-token';
