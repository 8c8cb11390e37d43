import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent, DatabaseHandle } from './client';

/**
 * The database's change notifications (NOTIFY ssd_content_changed, migrations 0007 and 0012), heard on
 * one listening connection per server process and handed to every in-memory copy that must follow the
 * data: the content answers (content/answer-cache.ts) and the checkout's product reads
 * (modules/checkout/product-reads.ts).
 */

/** The channel of the catalogue tables' triggers. */
export const CONTENT_CHANGED_CHANNEL = 'ssd_content_changed';
/** The payload of a stock-only change (migration 0012): 'stock:' and the item ids. */
const STOCK_PAYLOAD = /^stock:(\d+(?:,\d+)*)$/;

/** The items of a stock-only change (their quantity moved, none in or out of stock), or null for any other change. */
export function stockOnlyItems(payload: string): number[] | null {
  const stock = STOCK_PAYLOAD.exec(payload);
  return stock ? stock[1]!.split(',').map(Number) : null;
}

export type ChangeSubscriber = (event: ChangeEvent) => void;

export class ChangeFeed {
  readonly #subscribers = new Set<ChangeSubscriber>();
  #live = false;
  #stop: () => Promise<void> = async () => {};

  /** True while notifications are heard; a copy must not be trusted otherwise. */
  get live(): boolean {
    return this.#live;
  }

  /** Hears every event from now on; the returned function stops that. */
  subscribe(subscriber: ChangeSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** Applies one event of the database's listener (exposed for tests). */
  publish(event: ChangeEvent): void {
    if (event.type !== 'notify') this.#live = event.type === 'restored';
    for (const subscriber of this.#subscribers) subscriber(event);
  }

  stop(): Promise<void> {
    this.#live = false;
    return this.#stop();
  }

  /**
   * Starts listening. When listening cannot start the feed stays dead (`live` false): every copy then
   * reads the database each time, and the log says so.
   */
  static async connect(database: DatabaseHandle, log: FastifyBaseLogger): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    try {
      feed.#stop = await database.listen(CONTENT_CHANGED_CHANNEL, (event) => {
        if (event.type !== 'notify') log.warn({ event: event.type }, 'change notifications %s', event.type);
        feed.publish(event);
      });
      feed.publish({ type: 'restored' });
    } catch (error) {
      log.warn({ err: error }, 'nothing is kept in memory: change notifications could not be heard');
    }
    return feed;
  }
}
