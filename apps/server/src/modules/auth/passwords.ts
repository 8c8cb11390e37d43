import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { fail } from '../../lib/envelope';
import { LimiterBusyError, PriorityLimiter } from '../../lib/priority-limiter';

/**
 * argon2id with OWASP's minimum recommended settings (19 MiB memory, 2 iterations, 1 lane):
 * a sign-in costs tens of milliseconds, a guess costs an attacker as much.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The encoded hash ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) to store in users.password_hash. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, PASSWORD_HASH_OPTIONS);
}

/**
 * True when `plain` matches `hash`. A missing or malformed hash (an account that only signs in
 * through Google, a corrupted row) is a mismatch, never an exception.
 */
export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash || !hash.startsWith('$argon2')) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

export const PASSWORD_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export interface PasswordWorkOptions {
  /** argon2 computations at once, across the whole server (each takes 19 MiB and a core for ~35 ms). */
  concurrency: number;
  /** How many may wait: password checks (sign-ins) and new passwords (sign-up, reset, change). */
  queue: { check: number; create: number };
}

/** One slot per core (at most 4, libuv's default thread pool); a queue of about half a second. */
export const DEFAULT_PASSWORD_WORK: PasswordWorkOptions = {
  concurrency: Math.max(1, Math.min(4, availableParallelism())),
  queue: { check: 32, create: 8 },
};

const CHECK = 0;
const CREATE = 1;

/**
 * Every argon2 computation of the running server goes through here, so a flood of sign-ups or
 * guesses cannot take every core and all the memory: a few run at once, a few wait, the rest get
 * a 503 at once. Password checks (people signing in) go before new passwords when both wait.
 */
export class PasswordWork {
  private readonly limiter: PriorityLimiter;
  /** argon2 computations started, for tests that prove a cheap refusal computed none. */
  computations = 0;

  constructor(options: PasswordWorkOptions = DEFAULT_PASSWORD_WORK) {
    this.limiter = new PriorityLimiter(options.concurrency, [options.queue.check, options.queue.create]);
  }

  verify(hash: string | null | undefined, plain: string): Promise<boolean> {
    return this.run(CHECK, () => verifyPassword(hash, plain));
  }

  hash(plain: string): Promise<string> {
    return this.run(CREATE, () => hashPassword(plain));
  }

  private async run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    try {
      return await this.limiter.run(priority, () => {
        this.computations += 1;
        return task();
      });
    } catch (error) {
      if (error instanceof LimiterBusyError) throw fail.busy(PASSWORD_BUSY_MESSAGE);
      throw error;
    }
  }
}
