import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { asc, eq, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@ssd/shared/status';
import { mailOutbox, orderLines, orders } from '../src/db/schema';
import { createMailer } from '../src/integrations/mail/mailer';
import { claimDueMails, deliverDueMails, messageIdOf, OUTBOX_POLICY, retryDelayMs, type OutboxSenderDeps } from '../src/modules/mail-outbox/sender';
import { queueOrderConfirmedMail } from '../src/modules/order-mail/confirmation-mail';
import { queueItemStatusMail } from '../src/modules/order-mail/item-status-mail';
import { orderMailRenderers } from '../src/modules/order-mail/renderers';
import { startSmtpPeer, TEST_DATABASE_URL, type SmtpPeer } from './helper';
import { eventually } from './sandbox-peer';
import { BENGALURU, MUMBAI, openShop, secondServerDatabase, SettableClock, type Shop } from './paid-orders';

/**
 * Order mails through the outbox: queued in the transaction that confirms an order (or changes an item),
 * sent by the sender to a real SMTP server on 127.0.0.1, retried with backoff while that server is down
 * or refuses, and sent once whatever number of senders run.
 */

const SELLER = { name: 'SSD Store Demo Traders', address: ['No. 12, Commercial Street', 'Bengaluru 560001'], gstin: '29AAAAA0000A1Z5', state: 'Karnataka' };

const clock = new SettableClock();
let shop: Shop;
let smtp: SmtpPeer;
let saree: { id: number; title: string };

beforeAll(async () => {
  shop = await openShop({ seller: SELLER }, clock);
  smtp = await startSmtpPeer();
  saree = await shop.createItem({ quantity: 200, pricePaise: 129_900, title: 'Banarasi Saree <b>"Gold" & Red</b>' });
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

beforeEach(async () => {
  // Each test starts with nothing due: earlier tests' mails are taken out of the way.
  await shop.db.update(mailOutbox).set({ sent_at: clock.now() });
  smtp.received.length = 0;
  smtp.peer.rejectData = false;
});

function sender(smtpUrl: string, db = shop.db): OutboxSenderDeps {
  return {
    db,
    mailer: createMailer({ smtpUrl, outboxDir: '/nonexistent' }, shop.app.log),
    now: clock.now,
    log: shop.app.log,
    renderers: orderMailRenderers({ db, seller: SELLER }),
  };
}

async function outboxRow(dedupeKey: string) {
  const [row] = await shop.db.select().from(mailOutbox).where(eq(mailOutbox.dedupe_key, dedupeKey));
  return row!;
}

/** A port on 127.0.0.1 where nothing listens: the SMTP server is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function paidOrder(address: Record<string, unknown> = BENGALURU, quantity = 1) {
  const buyer = await shop.shopper(address);
  const order = await buyer.placeOrder([[saree.id, quantity]]);
  await shop.pay(order);
  return { buyer, ...order };
}

describe(`the confirmation mail (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is queued exactly once per order, however often its payment is reported', async () => {
    const { buyer, orderId, providerOrderId } = await paidOrder();
    // Both of the payment's events were delivered (payment.captured and order.paid); now the captured
    // event again under new event ids, as a provider's redelivery after a lost answer would.
    const delivered = () => shop.peer.reports.filter((r) => r.orderId === providerOrderId && r.status === 'delivered');
    await eventually(() => delivered().length >= 2, 5000, 'both webhooks of the payment');
    const captured = delivered()[0]!;
    for (const eventId of ['evt_redelivered_1', 'evt_redelivered_2']) {
      const res = await shop.app.inject({ method: 'POST', url: '/api/payment/webhook', payload: captured.rawBody, headers: { ...captured.headers, 'x-razorpay-event-id': eventId } });
      expect(res.statusCode).toBe(200);
    }
    expect((await buyer.call('GET', `/api/verify/order/payment/status/${orderId}`)).json().data.status).toBe('confirmed');

    const queued = await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `%${orderId}%`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ dedupe_key: `order_confirmed:${orderId}`, kind: 'order_confirmed', recipient: buyer.email, payload: { order_id: orderId }, attempts: 0, sent_at: null });
    // The same change queued again changes nothing.
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    expect(await shop.db.transaction((tx) => queueOrderConfirmedMail(tx, order!, clock.now()))).toBe(false);
    expect(await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `%${orderId}%`))).toHaveLength(1);
  });

  it('goes over SMTP with the items, the amounts with GST, the delivery address and the invoice PDF attached', async () => {
    const { buyer, orderId } = await paidOrder(MUMBAI, 2);
    const report = await deliverDueMails(sender(smtp.url));
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
    const received = await smtp.nextMail(buyer.email);
    const mail = await simpleParser(received.raw);
    const invoice = (await buyer.call('GET', `/api/order/invoice/${orderId}`)).json().data;

    expect(mail.subject).toBe(`Your SSD Store order ${orderId} is confirmed`);
    const row = await outboxRow(`order_confirmed:${orderId}`);
    expect(mail.messageId).toBe(messageIdOf(row));
    expect(row).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect(row.sent_at).not.toBeNull();
    // 2 × ₹1,299 = ₹2,598: free delivery, ₹9 platform fee, GST 5% ₹129.90 as IGST (Maharashtra): ₹2,736.90.
    for (const expected of [
      `confirmed your order ${orderId}`,
      `- ${saree.title}: 2 × ₹1,299.00 = ₹2,598.00, GST 5% ₹129.90`,
      'Items price: ₹2,598.00',
      'Delivery charge: ₹0.00',
      'Platform fee: ₹9.00',
      'GST: ₹129.90',
      'of which IGST: ₹129.90',
      'Total paid: ₹2,736.90',
      'Ravi Iyer\n4 Marine Drive\nFlat 7\nMumbai, Maharashtra 400002\nPhone: 9123456789',
      `Your GST tax invoice ${invoice.number} is attached`,
    ]) {
      expect(mail.text).toContain(expected);
    }
    // Titles are escaped in the HTML part.
    expect(mail.html).toContain('Banarasi Saree &lt;b&gt;&quot;Gold&quot; &amp; Red&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>"Gold"');

    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `Invoice-${invoice.number.replaceAll('/', '-')}.pdf`, contentType: 'application/pdf' });
    const { text } = await extractText(new Uint8Array(pdf!.content), { mergePages: true });
    expect(text).toContain(invoice.number);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('₹2,736.90');
  });

  it('while the SMTP server is down it is retried with growing waits, and sent once the server is back', async () => {
    const { buyer, orderId } = await paidOrder();
    const down = sender(`smtp://127.0.0.1:${await deadPort()}`);
    const key = `order_confirmed:${orderId}`;

    expect(await deliverDueMails(down)).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(key);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at.getTime() - clock.now().getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await deliverDueMails(down)).toEqual({ sent: 0, retried: 0, failed: 0 });

    clock.advance(retryDelayMs(1));
    expect(await deliverDueMails(down)).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await outboxRow(key);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at.getTime() - clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    // The server is back.
    clock.advance(retryDelayMs(2));
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.nextMail(buyer.email);
    expect(mail.subject).toBe(`Your SSD Store order ${orderId} is confirmed`);
    expect(await outboxRow(key)).toMatchObject({ attempts: 3, last_error: null });
    expect(smtp.received).toHaveLength(0);
  });

  it('a server that refuses the message: retried, then sent once it accepts; the same Message-ID on every attempt', async () => {
    const { buyer, orderId } = await paidOrder();
    smtp.peer.rejectData = true;
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 0, retried: 1, failed: 0 });
    const refused = await simpleParser((await smtp.nextMail(buyer.email)).raw);
    expect((await outboxRow(`order_confirmed:${orderId}`)).last_error).toMatch(/Mailbox unavailable/);

    smtp.peer.rejectData = false;
    clock.advance(retryDelayMs(1));
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 1, retried: 0, failed: 0 });
    const accepted = await simpleParser((await smtp.nextMail(buyer.email)).raw);
    expect(accepted.messageId).toBe(refused.messageId);
  });

  it(`gives up after ${OUTBOX_POLICY.maxAttempts} attempts over about eight hours, marking the mail failed`, async () => {
    const { orderId } = await paidOrder();
    const down = sender(`smtp://127.0.0.1:${await deadPort()}`);
    let waited = 0;
    for (let attempt = 1; attempt < OUTBOX_POLICY.maxAttempts; attempt++) {
      expect(await deliverDueMails(down)).toEqual({ sent: 0, retried: 1, failed: 0 });
      clock.advance(retryDelayMs(attempt));
      waited += retryDelayMs(attempt);
    }
    expect(await deliverDueMails(down)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await outboxRow(`order_confirmed:${orderId}`);
    expect(row).toMatchObject({ attempts: OUTBOX_POLICY.maxAttempts, sent_at: null });
    expect(row.failed_at).not.toBeNull();
    expect(waited / 3_600_000).toBeGreaterThan(7);
    expect(waited / 3_600_000).toBeLessThan(9);
    clock.advance(24 * 3_600_000);
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });
});

describe('several senders', () => {
  it('four senders at once on two servers send each mail once', async () => {
    const placed: Array<Awaited<ReturnType<typeof paidOrder>>> = [];
    for (let i = 0; i < 6; i++) placed.push(await paidOrder());
    // Two status mails of each order's line too: 18 mails in all.
    for (const { orderId } of placed) {
      const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.order_id, orderId));
      await shop.db.transaction(async (tx) => {
        await queueItemStatusMail(tx, { orderId, lineId: line!.id, status: 'packed' }, clock.now());
        await queueItemStatusMail(tx, { orderId, lineId: line!.id, status: 'shipped' }, clock.now());
      });
    }
    const second = await secondServerDatabase(shop);
    try {
      const reports = await Promise.all(
        [shop.db, second.db, shop.db, second.db].map((db) => deliverDueMails(sender(smtp.url, db), { batchSize: 1, maxBatches: 30 })),
      );
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(18);
      expect(reports.every((r) => r.retried === 0 && r.failed === 0)).toBe(true);
    } finally {
      await second.close();
    }
    expect(smtp.received).toHaveLength(18);
    const ids = await Promise.all(smtp.received.map(async (m) => (await simpleParser(m.raw)).messageId));
    expect(new Set(ids).size).toBe(18);
    const perBuyer = new Map<string, number>();
    for (const mail of smtp.received) perBuyer.set(mail.to[0]!, (perBuyer.get(mail.to[0]!) ?? 0) + 1);
    expect([...perBuyer.keys()].sort()).toEqual(placed.map((p) => p.buyer.email).sort());
    expect([...perBuyer.values()].every((n) => n === 3)).toBe(true);
    const rows = await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, '%SSD-%'));
    const ours = rows.filter((r) => placed.some((p) => r.dedupe_key.includes(p.orderId)));
    expect(ours).toHaveLength(18);
    expect(ours.every((r) => r.attempts === 1 && r.sent_at !== null)).toBe(true);
  });

  it('a sender that dies after claiming delays the mail until its lease ends; then another sends it, once', async () => {
    const { buyer, orderId } = await paidOrder();
    const claimed = await claimDueMails(shop.db, clock.now());
    expect(claimed.map((row) => row.dedupe_key)).toEqual([`order_confirmed:${orderId}`]);
    // ...and that sender is gone. Another finds nothing due while the lease lasts.
    clock.advance(OUTBOX_POLICY.leaseMs - 1000);
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(1000);
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await smtp.nextMail(buyer.email)).subject).toBe(`Your SSD Store order ${orderId} is confirmed`);
    expect(await outboxRow(`order_confirmed:${orderId}`)).toMatchObject({ attempts: 2 });
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a mail of an unknown kind is marked failed at once', async () => {
    await shop.db.insert(mailOutbox).values({ dedupe_key: 'mystery:1', kind: 'mystery', recipient: 'x@example.com', payload: {}, next_attempt_at: clock.now() });
    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await outboxRow('mystery:1')).toMatchObject({ attempts: 1, last_error: "no renderer for mails of kind 'mystery'" });
  });
});

describe('item status mails (for the admin console)', () => {
  async function changeItemStatus(orderId: string, lineId: number, status: OrderStatus) {
    return shop.db.transaction(async (tx) => {
      await tx.update(orderLines).set({ item_status: status, item_updated_at: clock.now() }).where(eq(orderLines.id, lineId));
      return queueItemStatusMail(tx, { orderId, lineId, status }, clock.now());
    });
  }

  it('one mail per status an item reaches after the confirmation, with the status label', async () => {
    const { buyer, orderId } = await paidOrder();
    await deliverDueMails(sender(smtp.url));
    expect((await smtp.nextMail(buyer.email)).subject).toBe(`Your SSD Store order ${orderId} is confirmed`);
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.order_id, orderId));
    expect(await changeItemStatus(orderId, line!.id, 'shipped')).toBe(true);
    expect(await changeItemStatus(orderId, line!.id, 'shipped')).toBe(false); // the same change again
    expect(await changeItemStatus(orderId, line!.id, 'out_for_delivery')).toBe(true);
    expect(await changeItemStatus(orderId, line!.id, 'pending')).toBe(false); // never mailed
    expect(await shop.db.transaction((tx) => queueItemStatusMail(tx, { orderId: 'SSD-ZZZZZZZZZZ', lineId: line!.id, status: 'delivered' }, clock.now()))).toBe(false);

    const rows = await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `item_status:${orderId}:%`)).orderBy(asc(mailOutbox.id));
    expect(rows.map((r) => [r.dedupe_key, r.recipient])).toEqual([
      [`item_status:${orderId}:${line!.id}:shipped`, buyer.email],
      [`item_status:${orderId}:${line!.id}:out_for_delivery`, buyer.email],
    ]);

    expect(await deliverDueMails(sender(smtp.url))).toEqual({ sent: 2, retried: 0, failed: 0 });
    const received = await Promise.all([await smtp.nextMail(buyer.email), await smtp.nextMail(buyer.email)].map((m) => simpleParser(m.raw)));
    const shipped = received.find((m) => m.subject?.endsWith('shipped'));
    expect(shipped?.text).toContain(`An item of your order ${orderId} has a new status.`);
    expect(shipped?.text).toContain(`${saree.title} (Qty: 1)\nStatus: shipped`);
    expect(shipped?.html).toContain('Banarasi Saree &lt;b&gt;');
    expect(received.map((m) => m.subject).sort()).toEqual([`Update on your SSD Store order ${orderId}: ${saree.title} — out for delivery`, `Update on your SSD Store order ${orderId}: ${saree.title} — shipped`].sort());
  });

  it('a change that rolls back queues no mail', async () => {
    const { orderId } = await paidOrder();
    const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.order_id, orderId));
    await expect(
      shop.db.transaction(async (tx) => {
        await queueItemStatusMail(tx, { orderId, lineId: line!.id, status: 'packed' }, clock.now());
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `item_status:${orderId}:%`))).toEqual([]);
  });
});
