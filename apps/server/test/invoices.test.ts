import { asc, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, invoiceSchema, type Invoice } from '@ssd/shared/invoices';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import { loadConfig } from '../src/config';
import { invoiceCounters, invoices, orderLines, orders } from '../src/db/schema';
import { reconcileOrder } from '../src/modules/checkout/payments';
import { DEFAULT_CHECKOUT_SETTINGS } from '../src/modules/checkout/settings';
import { amountInWords, wholeNumberInWords } from '../src/modules/invoices/amount-in-words';
import { financialYearOf } from '../src/modules/invoices/financial-year';
import { invoiceNumber, issueInvoice } from '../src/modules/invoices/numbering';
import { demoGstin, gstinCheckCharacter, gstinProblem } from '../src/modules/invoices/seller';
import { TEST_DATABASE_URL } from './helper';
import { BENGALURU, MUMBAI, openShop, secondServerDatabase, SettableClock, type Shop, type Shopper } from './paid-orders';

const SELLER = { name: 'Kanchi Silks LLP', address: ['7 Residency Road', 'Bengaluru 560025'], gstin: '29AAPFU0939F1ZR', state: 'Karnataka' };

describe('amount in words (Indian system)', () => {
  it('says crore, lakh and thousand, with hyphenated tens, rupees and paise', () => {
    expect(amountInWords(1_23_45_678_50)).toBe('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only');
    expect(amountInWords(2_736_90)).toBe('Rupees Two Thousand Seven Hundred Thirty-Six and Ninety Paise Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInWords(10_00_000_00)).toBe('Rupees Ten Lakh Only');
    expect(amountInWords(1_011_00)).toBe('Rupees One Thousand Eleven Only');
    expect(amountInWords(5)).toBe('Five Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(wholeNumberInWords(99_99_99_999)).toBe('Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    // Past 99 crore the crores are counted in the same system.
    expect(wholeNumberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(wholeNumberInWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('financial year (April to March, India Standard Time)', () => {
  it('turns at midnight between 31 March and 1 April in IST, wherever the server runs', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2025-26'); // 31 March, 23:59:59 IST
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-27'); // 1 April, 00:00 IST
    expect(financialYearOf(new Date('2026-01-15T12:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(invoiceNumber('2025-26', 1)).toBe('SSD/25-26/000001');
    expect(invoiceNumber('2025-26', 1).length).toBeLessThanOrEqual(16);
  });
});

describe('seller configuration', () => {
  it('checks the GSTIN: form, check character, and the state code of SELLER_STATE', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe('it starts with 27, but SELLER_STATE Karnataka has the state code 29');
    expect(gstinProblem('27AAPFU0939F1ZX', 'Maharashtra')).toBe('its last (check) character does not match the others');
    expect(gstinProblem('27AAPFU0939', 'Maharashtra')).toBe('it is not 15 characters of the form 29ABCDE1234F1Z5');
    expect(gstinProblem(demoGstin('Karnataka'), 'Karnataka')).toBeNull();
    expect(demoGstin('Tamil Nadu').startsWith('33')).toBe(true);
  });

  it('reads SELLER_NAME, SELLER_ADDRESS (lines split at ;) and SELLER_GSTIN, with the demo seller by default', () => {
    const demo = loadConfig({}).seller;
    expect(demo).toEqual({ name: 'SSD Store Demo Traders', address: ['No. 12, Commercial Street', 'Bengaluru 560001'], gstin: demoGstin('Karnataka'), state: 'Karnataka' });
    const real = loadConfig({ SELLER_STATE: 'Maharashtra', SELLER_NAME: ' Kala Fabrics ', SELLER_ADDRESS: '4 Linking Road; Bandra West;Mumbai 400050 ', SELLER_GSTIN: '27aapfu0939f1zv' }).seller;
    expect(real).toEqual({ name: 'Kala Fabrics', address: ['4 Linking Road', 'Bandra West', 'Mumbai 400050'], gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' });
    expect(() => loadConfig({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toThrow(
      "SELLER_GSTIN '27AAPFU0939F1ZV' can't be used: it starts with 27, but SELLER_STATE Karnataka has the state code 29",
    );
  });
});

describe(`GST invoices of confirmed orders (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = new SettableClock();
  let shop: Shop;
  let saree: { id: number; title: string };
  let necklace: { id: number; title: string };

  beforeAll(async () => {
    // 31 March 2026, 23:50 IST: the last minutes of the financial year 2025-26.
    clock.set('2026-03-31T18:20:00Z');
    shop = await openShop({ seller: SELLER }, clock);
    saree = await shop.createItem({ quantity: 100, pricePaise: 129_900, marketPricePaise: 159_900, title: 'Kanchipuram Silk Saree' });
    necklace = await shop.createItem({ quantity: 100, pricePaise: 250_050, shop: 'jewel', title: 'Kundan Necklace' });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function invoiceOf(viewer: Shopper, orderId: string) {
    return viewer.call('GET', `/api/order/invoice/${orderId}`);
  }

  it('numbers invoices per financial year: one confirmed on 31 March, the next on 1 April starts the new year at 1', async () => {
    const buyer = await shopper();
    const march = await buyer.placeOrder([[saree.id, 1]]);
    await shop.pay(march);
    clock.set('2026-03-31T18:30:00Z'); // 1 April 2026, 00:00 IST
    const april = await buyer.placeOrder([[saree.id, 1]]);
    await shop.pay(april);
    const april2 = await buyer.placeOrder([[necklace.id, 1]]);
    await shop.pay(april2);

    const numbers = await Promise.all([march, april, april2].map(async (o) => (await invoiceOf(buyer, o.orderId)).json().data.number));
    expect(numbers).toEqual(['SSD/25-26/000001', 'SSD/26-27/000001', 'SSD/26-27/000002']);
    const rows = await shop.db.select().from(invoices).orderBy(asc(invoices.issued_at));
    expect(rows.map((r) => [r.financial_year, r.sequence])).toEqual([
      ['2025-26', 1],
      ['2026-27', 1],
      ['2026-27', 2],
    ]);
    expect(rows[0]!.issued_at.toISOString()).toBe('2026-03-31T18:20:00.000Z');
    const details = await buyer.call('GET', `/api/order/details/${march.orderId}`);
    expect(details.json().data.invoice_number).toBe('SSD/25-26/000001');
  });

  it('inside the seller state: CGST + SGST per line, HSN codes from the catalogs, totals that are what was paid', async () => {
    const buyer = await shopper(BENGALURU);
    const order = await buyer.placeOrder([
      [saree.id, 2],
      [necklace.id, 1],
    ]);
    await shop.pay(order);
    const res = await invoiceOf(buyer, order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = invoiceSchema.parse(res.json().data);
    // 2 × ₹1,299 at 5% = ₹129.90 (CGST ₹64.95 + SGST ₹64.95); ₹2,500.50 at 3% = ₹75.02 (₹37.51 + ₹37.51).
    // Selling total ₹5,098.50 ≥ ₹1,499: free delivery; ₹9 platform fee. Payable ₹5,098.50 + ₹204.92 + ₹9 = ₹5,312.42.
    expect(invoice).toMatchObject({
      order_id: order.orderId,
      seller: { name: SELLER.name, address: SELLER.address, gstin: '29AAPFU0939F1ZR', state: 'Karnataka', state_code: '29' },
      buyer: { name: 'Asha Rao', address: ['12 MG Road', 'Bengaluru, Karnataka 560001'], state: 'Karnataka', state_code: '29', email: buyer.email, contact: '9876543210' },
      place_of_supply: { state: 'Karnataka', state_code: '29' },
      tax_type: 'intra_state',
      reverse_charge: false,
      totals: { taxable_value: 5098.5, cgst: 102.46, sgst: 102.46, igst: 0, gst: 204.92, charges: 9, grand_total: 5312.42 },
      amount_in_words: 'Rupees Five Thousand Three Hundred Twelve and Forty-Two Paise Only',
      payment: { mode: 'online', amount_paid: 5312.42 },
    });
    expect(invoice.lines).toEqual([
      {
        title: 'Kanchipuram Silk Saree',
        hsn_code: '5007',
        quantity: 2,
        unit_price: 1299,
        taxable_value: 2598,
        gst_rate: 5,
        cgst: { rate: 2.5, amount: 64.95 },
        sgst: { rate: 2.5, amount: 64.95 },
        igst: null,
        total: 2727.9,
      },
      {
        title: 'Kundan Necklace',
        hsn_code: '7113',
        quantity: 1,
        unit_price: 2500.5,
        taxable_value: 2500.5,
        gst_rate: 3,
        cgst: { rate: 1.5, amount: 37.51 },
        sgst: { rate: 1.5, amount: 37.51 },
        igst: null,
        total: 2575.52,
      },
    ]);
    expect(invoice.charges).toEqual([
      { label: 'Delivery charge', amount: 0, tax_treatment: 'Not part of the taxable value of the goods; no GST charged' },
      { label: 'Platform fee', amount: 9, tax_treatment: 'Not part of the taxable value of the goods; no GST charged' },
    ]);
    const [paid] = await shop.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(invoice.totals.grand_total * 100).toBeCloseTo(paid!.amount_paid_paise, 6);
    expect(invoice.totals.cgst * 100).toBeCloseTo(paid!.cgst_paise, 6);
    expect(invoice.totals.sgst * 100).toBeCloseTo(paid!.sgst_paise, 6);
    expect(invoice.payment.payment_id).toBe(paid!.payment_id);
    expect(invoice.number).toMatch(/^SSD\/26-27\/\d{6}$/);
  });

  it('to another state: IGST at the full rate, the place of supply is the delivery state; the delivery charge is stated', async () => {
    const buyer = await shopper(MUMBAI);
    const order = await buyer.placeOrder([[saree.id, 1]]);
    await shop.pay(order);
    const invoice = invoiceSchema.parse((await invoiceOf(buyer, order.orderId)).json().data);
    expect(invoice).toMatchObject({
      buyer: { name: 'Ravi Iyer', address: ['4 Marine Drive', 'Flat 7', 'Mumbai, Maharashtra 400002'], state_code: '27' },
      place_of_supply: { state: 'Maharashtra', state_code: '27' },
      tax_type: 'inter_state',
      // ₹1,299 under ₹1,499: ₹99 delivery; GST 5% = ₹64.95, all IGST.
      totals: { taxable_value: 1299, cgst: 0, sgst: 0, igst: 64.95, gst: 64.95, charges: 108, grand_total: 1471.95 },
      amount_in_words: 'Rupees One Thousand Four Hundred Seventy-One and Ninety-Five Paise Only',
    });
    expect(invoice.lines[0]).toMatchObject({ cgst: null, sgst: null, igst: { rate: 5, amount: 64.95 }, total: 1363.95 });
    expect(invoice.charges[0]).toEqual({ label: 'Delivery charge', amount: 99, tax_treatment: 'Not part of the taxable value of the goods; no GST charged' });
  });

  it('the PDF: an A4 attachment with the number, both parties, the rupee sign, the taxes and the amount in words', async () => {
    const buyer = await shopper(MUMBAI);
    const order = await buyer.placeOrder([[necklace.id, 2]]);
    await shop.pay(order);
    const invoice = (await invoiceOf(buyer, order.orderId)).json().data as Invoice;
    const res = await buyer.call('GET', `/api/order/invoice/${order.orderId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${invoice.number.replaceAll('/', '-')}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(totalPages).toBe(1);
    for (const expected of [
      'Tax Invoice',
      invoice.number,
      order.orderId,
      'Kanchi Silks LLP',
      'GSTIN: 29AAPFU0939F1ZR',
      'Ravi Iyer',
      'Place of supply: Maharashtra (27)',
      'Tax payable on reverse charge: No',
      'IGST',
      '7113',
      '₹5,001.00', // 2 × ₹2,500.50
      '₹150.03', // IGST 3%
      'Not part of the taxable value of the goods; no GST charged',
      `Amount in words: ${invoice.amount_in_words}`,
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });

  it('only the buyer and staff may open it: another shopper gets 404 as for a missing order, a visitor 401', async () => {
    const buyer = await shopper();
    const order = await buyer.placeOrder([[saree.id, 1]]);
    await shop.pay(order);
    const stranger = await shopper();
    for (const url of [`/api/order/invoice/${order.orderId}`, `/api/order/invoice/${order.orderId}/pdf`]) {
      const theirs = await stranger.call('GET', url);
      const missing = await stranger.call('GET', url.replace(order.orderId, 'SSD-ZZZZZZZZZZ'));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null });
      expect(missing.json()).toEqual(theirs.json());
      const visitor = await shop.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ code: -2 });
      const staff = await shopper(BENGALURU, { role: 'ssd_admin' });
      expect((await staff.call('GET', url)).statusCode).toBe(200);
    }
    const malformed = await buyer.call('GET', '/api/order/invoice/not-an-order');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 0, message: 'Invalid params id: Order id is not valid.', data: null });
  });

  it("an order not confirmed has no invoice: its buyer is told so, and no number is taken", async () => {
    const buyer = await shopper();
    const counterBefore = await shop.db.select().from(invoiceCounters);
    const pending = await buyer.placeOrder([[saree.id, 1]]);
    const res = await invoiceOf(buyer, pending.orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: INVOICE_MESSAGES.notIssued, data: null });
    expect((await buyer.call('GET', `/api/order/invoice/${pending.orderId}/pdf`)).json().message).toBe(INVOICE_MESSAGES.notIssued);
    await buyer.call('PATCH', '/api/order/status', { id: pending.orderId, status: 'cancelled' });
    expect((await invoiceOf(buyer, pending.orderId)).statusCode).toBe(404);
    expect(await shop.db.select().from(invoiceCounters)).toEqual(counterBefore);
  });

  it('a confirmation that rolls back gives its number back: the next order takes it', async () => {
    const buyer = await shopper();
    const first = await buyer.placeOrder([[saree.id, 1]]);
    const second = await buyer.placeOrder([[saree.id, 1]]);
    const [before] = await shop.db.select().from(invoiceCounters).where(eq(invoiceCounters.financial_year, '2026-27'));
    await expect(
      shop.db.transaction(async (tx) => {
        const issued = await issueInvoice(tx, first.orderId, clock.now());
        expect(issued.sequence).toBe(before!.last_sequence + 1);
        throw new Error('the confirmation failed after the number was taken');
      }),
    ).rejects.toThrow('the confirmation failed');
    await shop.pay(second);
    const [issued] = await shop.db.select().from(invoices).where(eq(invoices.order_id, second.orderId));
    expect(issued!.sequence).toBe(before!.last_sequence + 1);
    expect(await shop.db.select().from(invoices).where(eq(invoices.order_id, first.orderId))).toEqual([]);
  });

  it('confirmations at once on two servers (two connection pools on PostgreSQL) take consecutive numbers, none twice', async () => {
    // A second server: its own connection pool on PostgreSQL. PGlite has one connection, so there the
    // confirmations only interleave; the locking is exercised on PostgreSQL.
    const second = await secondServerDatabase(shop);
    try {
      const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
      const placed = [];
      for (const buyer of buyers) {
        const order = await buyer.placeOrder([[saree.id, 1]]);
        // Paid at the provider, but its webhooks are kept back: the servers settle by asking the provider.
        shop.heldOrders.add(order.providerOrderId);
        expect((await shop.peer.pay(order.providerOrderId, 'success')).status).toBe(200);
        placed.push(order);
      }
      const [before] = await shop.db.select().from(invoiceCounters).where(eq(invoiceCounters.financial_year, '2026-27'));
      const contexts = [shop.db, second.db].map((db) => ({ db, now: clock.now, settings: DEFAULT_CHECKOUT_SETTINGS, payments: shop.peer.provider }));
      const settled = await Promise.all(placed.map((order, i) => reconcileOrder(contexts[i % 2]!, order.orderId, shop.app.log)));
      expect(settled.every((s) => s.status === 'confirmed')).toBe(true);

      const issued = await shop.db
        .select({ sequence: invoices.sequence })
        .from(invoices)
        .where(sql`${invoices.order_id} in ${placed.map((o) => o.orderId)}`)
        .orderBy(asc(invoices.sequence));
      const from = before!.last_sequence + 1;
      expect(issued.map((r) => r.sequence)).toEqual(Array.from({ length: 8 }, (_, i) => from + i));
    } finally {
      await second.close();
    }
  });

  it('every invoice of the file forms a series without gap or repeat in each financial year, matched by its counter', async () => {
    const rows = await shop.db.select().from(invoices).orderBy(asc(invoices.financial_year), asc(invoices.sequence));
    const counters = await shop.db.select().from(invoiceCounters);
    for (const { financial_year, last_sequence } of counters) {
      const series = rows.filter((r) => r.financial_year === financial_year);
      expect(series.map((r) => r.sequence)).toEqual(Array.from({ length: last_sequence }, (_, i) => i + 1));
      for (const row of series) expect(row.number).toBe(invoiceNumber(financial_year, row.sequence));
    }
    // Every confirmed order has one, and only confirmed ones do.
    const confirmed = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'confirmed'));
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(confirmed.map((o) => o.id)));
    const lines = await shop.db.select({ hsn: orderLines.hsn_code }).from(orderLines);
    expect(lines.every((line) => line.hsn === '5007' || line.hsn === '7113')).toBe(true);
  });

  async function shopper(address: Record<string, unknown> = BENGALURU, options: { role?: 'user' | 'ssd_admin' } = {}) {
    return shop.shopper(address, options);
  }
});
