import { z } from 'zod';

/**
 * Every shared contract imports zod from here, so this runs before any schema is built. In the
 * browser zod must not compile parsers with `new Function`: even its probe for that is a violation
 * of our Content-Security-Policy (no 'unsafe-eval'), and zod reads the setting when a schema is
 * built, not when it parses. The server keeps the faster compiled parsers.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
