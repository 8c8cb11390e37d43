/**
 * The login answer's contract, imported only by ./session-calls.ts, and only dynamically: a module of its
 * own, so the browser gets its export as it is, without the bundler building a namespace object for it.
 */
export { loginDataSchema } from '@ssd/shared/login-data';
