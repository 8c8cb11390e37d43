/**
 * The checkout bench's loads, all through the HTTP API of running servers: holds on one item from many
 * shoppers (closed loop), a stock race, whole checkout paths paid in the sandbox, and a background storm
 * of holds and releases.
 */
import type { Shopper } from './checkout-setup';
import { dataOf, describe, summarize, type Answer, type HttpClient, type Latency } from './checkout-http';

const reserveBody = (itemId: number) => ({ items: [{ item_id: itemId, quantity: 1 }] });

// ---------------------------------------------------------------------------------------------
// 1, 2: holds per second on one item

export interface HoldLoadResult {
  servers: number;
  clients: number;
  seconds: number;
  /** Reservations answered 200 within the measured window. */
  holds: number;
  holdsPerSecond: number;
  /** Holds in each whole second of the window: the slowest, the median and the fastest second. */
  perSecond: { min: number; median: number; max: number };
  latency: Latency;
  /** 409s (out of stock: none expected with a large stock), other failures. */
  conflicts: number;
  errors: number;
  errorExamples: string[];
  /**
   * Requests by a shopper who already held a unit of the item (the pool of shoppers ran out and wrapped):
   * the server nets the old hold against the new one and writes no stock for them (stock-holds.ts moveStock).
   */
  replacements: number;
  /** Requests during the warm-up, not measured. */
  warmupRequests: number;
}

/**
 * `clients` concurrent clients for `warmupSeconds + seconds`, client i on server i mod n; each request is
 * POST /api/order/reserve of one unit of the next of `itemIds` (one item: all on the same row) by the next
 * shopper of the pool, so each takes a unit (the shoppers hold nothing at the start). Completions inside
 * the measured window are counted.
 */
export async function holdLoad(
  http: HttpClient,
  baseUrls: string[],
  shoppers: Shopper[],
  itemIds: number[],
  options: { clients: number; seconds: number; warmupSeconds: number },
): Promise<HoldLoadResult> {
  let cursor = 0;
  const start = performance.now();
  const windowStart = start + options.warmupSeconds * 1000;
  const windowEnd = windowStart + options.seconds * 1000;
  const latencies: number[] = [];
  const buckets = new Array<number>(Math.ceil(options.seconds)).fill(0);
  let conflicts = 0;
  let errors = 0;
  let replacements = 0;
  let warmupRequests = 0;
  const errorExamples: string[] = [];
  const client = async (i: number) => {
    const baseUrl = baseUrls[i % baseUrls.length] as string;
    while (performance.now() < windowEnd) {
      const n = cursor++;
      if (n >= shoppers.length) replacements += 1;
      const shopper = shoppers[n % shoppers.length] as Shopper;
      const sent = performance.now();
      let answer: Answer;
      try {
        answer = await http.request(baseUrl, 'POST', '/api/order/reserve', { token: shopper.token, body: reserveBody(itemIds[n % itemIds.length] as number) });
      } catch (error) {
        errors += 1;
        if (errorExamples.length < 3) errorExamples.push(String(error));
        continue;
      }
      const ended = performance.now();
      if (sent < windowStart) warmupRequests += 1;
      if (ended < windowStart || ended >= windowEnd) continue;
      if (answer.status === 200) {
        latencies.push(answer.ms);
        const bucket = Math.floor((ended - windowStart) / 1000);
        if (bucket < buckets.length) buckets[bucket] = (buckets[bucket] ?? 0) + 1;
      } else if (answer.status === 409) {
        conflicts += 1;
      } else {
        errors += 1;
        if (errorExamples.length < 3) errorExamples.push(describe(answer));
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  const whole = buckets.slice(0, Math.floor(options.seconds));
  const sortedBuckets = [...whole].sort((a, b) => a - b);
  return {
    servers: baseUrls.length,
    clients: options.clients,
    seconds: options.seconds,
    holds: latencies.length,
    holdsPerSecond: latencies.length / options.seconds,
    perSecond: {
      min: sortedBuckets[0] ?? 0,
      median: sortedBuckets[Math.floor((sortedBuckets.length - 1) / 2)] ?? 0,
      max: sortedBuckets[sortedBuckets.length - 1] ?? 0,
    },
    latency: summarize(latencies),
    conflicts,
    errors,
    errorExamples,
    replacements,
    warmupRequests,
  };
}

// ---------------------------------------------------------------------------------------------
// 3: the stock race

export interface RaceResult {
  stock: number;
  requests: number;
  servers: number;
  held: number;
  outOfStock: number;
  errors: number;
  errorExamples: string[];
  wallMs: number;
  latency: Latency;
}

/** Every shopper reserves one unit of `itemId` at the same moment, spread over the servers. */
export async function stockRace(http: HttpClient, baseUrls: string[], shoppers: Shopper[], itemId: number, stock: number): Promise<RaceResult> {
  const started = performance.now();
  const answers = await Promise.all(
    shoppers.map((shopper, i) =>
      http
        .request(baseUrls[i % baseUrls.length] as string, 'POST', '/api/order/reserve', { token: shopper.token, body: reserveBody(itemId) })
        .catch((error: unknown): Answer => ({ status: 0, body: String(error), ms: Number.NaN })),
    ),
  );
  const wallMs = performance.now() - started;
  const errors = answers.filter((a) => a.status !== 200 && a.status !== 409);
  return {
    stock,
    requests: shoppers.length,
    servers: baseUrls.length,
    held: answers.filter((a) => a.status === 200).length,
    outOfStock: answers.filter((a) => a.status === 409).length,
    errors: errors.length,
    errorExamples: errors.slice(0, 3).map(describe),
    wallMs,
    latency: summarize(answers.filter((a) => Number.isFinite(a.ms)).map((a) => a.ms)),
  };
}

// ---------------------------------------------------------------------------------------------
// 4: the whole path, reserve → create → pay → confirmed

export interface FlowsResult {
  flows: number;
  concurrency: number;
  pollMs: number;
  confirmed: number;
  failures: number;
  failureExamples: string[];
  wallMs: number;
  total: Latency;
  reserve: Latency;
  create: Latency;
  pay: Latency;
  /** From the end of pay until a status poll answers confirmed (the webhook is asynchronous). */
  confirm: Latency;
  /** Status polls per flow, mean. */
  pollsPerFlow: number;
}

interface CreatedOrder {
  id: string;
  order_id: string;
  key: string;
}

/**
 * `count` checkouts, `concurrency` at once, each by its own shopper: POST /api/order/reserve, POST
 * /api/order/create (the shopper's default address), POST /sandbox/razorpay/checkout/pay with the key and
 * the provider's order id (what the sandbox's checkout.js sends when Success is pressed), then GET
 * /api/verify/order/status/{order_id} every `pollMs` until the webhook has confirmed the order.
 */
export async function checkoutFlows(
  http: HttpClient,
  baseUrl: string,
  shoppers: Shopper[],
  itemId: number,
  options: { concurrency: number; pollMs: number; timeoutMs: number },
): Promise<FlowsResult> {
  const steps = { total: [] as number[], reserve: [] as number[], create: [] as number[], pay: [] as number[], confirm: [] as number[] };
  const failureExamples: string[] = [];
  let failures = 0;
  let polls = 0;
  let next = 0;
  const fail = (why: string) => {
    failures += 1;
    if (failureExamples.length < 3) failureExamples.push(why);
  };
  const flow = async (shopper: Shopper) => {
    const t0 = performance.now();
    const reserved = await http.request(baseUrl, 'POST', '/api/order/reserve', { token: shopper.token, body: reserveBody(itemId) });
    if (reserved.status !== 200) return fail(`reserve: ${describe(reserved)}`);
    const t1 = performance.now();
    const created = await http.request(baseUrl, 'POST', '/api/order/create', {
      token: shopper.token,
      body: { reservation_id: dataOf<{ reservation_id: string }>(reserved).reservation_id },
    });
    if (created.status !== 200) return fail(`create: ${describe(created)}`);
    const order = dataOf<CreatedOrder>(created);
    const t2 = performance.now();
    const paid = await http.request(baseUrl, 'POST', '/sandbox/razorpay/checkout/pay', { body: { key: order.key, order_id: order.id, outcome: 'success' } });
    if (paid.status !== 200 || !(paid.body as { razorpay_payment_id?: string }).razorpay_payment_id) return fail(`pay: ${describe(paid)}`);
    const t3 = performance.now();
    for (;;) {
      const status = await http.request(baseUrl, 'GET', `/api/verify/order/status/${order.order_id}`, { token: shopper.token });
      polls += 1;
      if (status.status !== 200) return fail(`status: ${describe(status)}`);
      if (dataOf<{ status: string }>(status).status === 'confirmed') break;
      if (performance.now() - t3 > options.timeoutMs) return fail(`not confirmed ${options.timeoutMs} ms after paying: ${describe(status)}`);
      await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    }
    const t4 = performance.now();
    steps.reserve.push(t1 - t0);
    steps.create.push(t2 - t1);
    steps.pay.push(t3 - t2);
    steps.confirm.push(t4 - t3);
    steps.total.push(t4 - t0);
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, shoppers.length) }, async () => {
      while (next < shoppers.length) {
        const shopper = shoppers[next++] as Shopper;
        await flow(shopper).catch((error: unknown) => fail(String(error)));
      }
    }),
  );
  return {
    flows: shoppers.length,
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    confirmed: steps.total.length,
    failures,
    failureExamples,
    wallMs: performance.now() - started,
    total: summarize(steps.total),
    reserve: summarize(steps.reserve),
    create: summarize(steps.create),
    pay: summarize(steps.pay),
    confirm: summarize(steps.confirm),
    pollsPerFlow: steps.total.length > 0 ? polls / shoppers.length : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// 5: a storm of holds and releases in the background

export interface StormResult {
  perSecondAsked: number;
  seconds: number;
  items: number;
  holds: number;
  releases: number;
  holdsPerSecond: number;
  releasesPerSecond: number;
  /** Holds refused for want of stock (several storm shoppers on a one-unit item at once). */
  outOfStock: number;
  errors: number;
  errorExamples: string[];
  /** Ticks skipped because every storm shopper was still busy. */
  skipped: number;
  reserve: Latency;
  release: Latency;
}

export interface Storm {
  stop(): Promise<StormResult>;
}

/**
 * Starts `perSecond` checkouts a second on `baseUrl`, each by the next idle shopper of `shoppers` on the
 * next item of `itemIds`: POST /api/order/reserve of one unit, then PATCH /api/order/reserve/status
 * {status: expired} (the shopper lets it go), so `perSecond` holds and as many releases a second. The
 * schedule catches up after a late timer, so the rate holds while the process is busy.
 */
export function startStorm(http: HttpClient, baseUrl: string, shoppers: Shopper[], itemIds: number[], perSecond: number): Storm {
  const busy = new Set<number>();
  const reserveMs: number[] = [];
  const releaseMs: number[] = [];
  const errorExamples: string[] = [];
  let holds = 0;
  let releases = 0;
  let outOfStock = 0;
  let errors = 0;
  let skipped = 0;
  let started = 0;
  let shopperCursor = 0;
  let itemCursor = 0;
  const inFlight = new Set<Promise<void>>();
  const error = (why: string) => {
    errors += 1;
    if (errorExamples.length < 3) errorExamples.push(why);
  };
  const pair = async (shopper: Shopper, itemId: number) => {
    const reserved = await http.request(baseUrl, 'POST', '/api/order/reserve', { token: shopper.token, body: reserveBody(itemId) });
    if (reserved.status === 409) {
      outOfStock += 1;
      return;
    }
    if (reserved.status !== 200) return error(`reserve: ${describe(reserved)}`);
    holds += 1;
    reserveMs.push(reserved.ms);
    const id = dataOf<{ reservation_id: string }>(reserved).reservation_id;
    const released = await http.request(baseUrl, 'PATCH', '/api/order/reserve/status', { token: shopper.token, body: { id, status: 'expired' } });
    if (released.status !== 200) return error(`release: ${describe(released)}`);
    releases += 1;
    releaseMs.push(released.ms);
  };
  const begin = performance.now();
  const tick = () => {
    const due = Math.floor(((performance.now() - begin) / 1000) * perSecond);
    while (started < due) {
      started += 1;
      let shopper: Shopper | undefined;
      for (let tries = 0; tries < shoppers.length; tries++) {
        const candidate = shoppers[shopperCursor++ % shoppers.length] as Shopper;
        if (!busy.has(candidate.index)) {
          shopper = candidate;
          break;
        }
      }
      if (!shopper) {
        skipped += 1;
        continue;
      }
      const itemId = itemIds[itemCursor++ % itemIds.length] as number;
      busy.add(shopper.index);
      const running: Promise<void> = pair(shopper, itemId)
        .catch((e: unknown) => error(String(e)))
        .finally(() => {
          busy.delete(shopper.index);
          inFlight.delete(running);
        });
      inFlight.add(running);
    }
  };
  const timer = setInterval(tick, Math.max(1, Math.floor(1000 / perSecond / 2)));
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - begin) / 1000;
      await Promise.all([...inFlight]);
      return {
        perSecondAsked: perSecond,
        seconds,
        items: itemIds.length,
        holds,
        releases,
        holdsPerSecond: holds / seconds,
        releasesPerSecond: releases / seconds,
        outOfStock,
        errors,
        errorExamples,
        skipped,
        reserve: summarize(reserveMs),
        release: summarize(releaseMs),
      };
    },
  };
}
