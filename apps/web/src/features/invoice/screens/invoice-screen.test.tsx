import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@ssd/shared/invoices';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore } from '../../../test/store-stub';
import { INVOICE_DOCUMENT_ID } from '../components/invoice-document';
// Loaded up front so the route's lazy chunk resolves at once.
import './invoice-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDER_ID = 'SSD-ABCDEFGHJK';
const path = `/orders/invoice/${ORDER_ID}`;
const READ = `GET /api/order/invoice/${ORDER_ID}`;
const PDF = `/api/order/invoice/${ORDER_ID}/pdf`;

const intraState: Invoice = {
  number: 'SSD/26-27/000042',
  financial_year: '2026-27',
  issued_at: '2026-04-01T04:30:00.000Z',
  order_id: ORDER_ID,
  order_placed_on: '2026-04-01T04:20:00.000Z',
  seller: { name: 'SSD Store Demo Traders', address: ['No. 12, Commercial Street', 'Bengaluru 560001'], state: 'Karnataka', state_code: '29', gstin: '29AAAAA0000A1Z5' },
  buyer: { name: 'Asha Rao', address: ['12 MG Road', 'Bengaluru, Karnataka 560001'], state: 'Karnataka', state_code: '29', email: 'asha@example.com', contact: '9876543210' },
  place_of_supply: { state: 'Karnataka', state_code: '29' },
  tax_type: 'intra_state',
  reverse_charge: false,
  lines: [
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
  ],
  charges: [
    { label: 'Delivery charge', amount: 0, tax_treatment: 'Not part of the taxable value of the goods; no GST charged' },
    { label: 'Platform fee', amount: 9, tax_treatment: 'Not part of the taxable value of the goods; no GST charged' },
  ],
  totals: { taxable_value: 2598, cgst: 64.95, sgst: 64.95, igst: 0, gst: 129.9, charges: 9, grand_total: 2736.9 },
  amount_in_words: 'Rupees Two Thousand Seven Hundred Thirty-Six and Ninety Paise Only',
  payment: { mode: 'online', payment_id: 'pay_ABC123', paid_on: '2026-04-01T04:30:00.000Z', amount_paid: 2736.9 },
};

const interState: Invoice = {
  ...intraState,
  buyer: { ...intraState.buyer, name: 'Ravi Iyer', address: ['4 Marine Drive', 'Mumbai, Maharashtra 400002'], state: 'Maharashtra', state_code: '27' },
  place_of_supply: { state: 'Maharashtra', state_code: '27' },
  tax_type: 'inter_state',
  lines: [{ ...intraState.lines[0]!, cgst: null, sgst: null, igst: { rate: 5, amount: 129.9 } }],
  totals: { ...intraState.totals, cgst: 0, sgst: 0, igst: 129.9 },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invoice screen', () => {
  it('sends a visitor to login, which returns here', async () => {
    stubStore({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: path });
  });

  it('shows the invoice inside the seller state: parties, place of supply, CGST and SGST per line, totals and the amount in words', async () => {
    const api = stubStore({ [READ]: envelope(intraState) });
    renderApp(path, { session: shopper });
    const document_ = await screen.findByRole('article', { name: 'Tax Invoice' });
    await waitFor(() => expect(document.title).toBe('Invoice SSD/26-27/000042 | SSD'));
    const doc = within(document_);
    expect(doc.getByText('SSD/26-27/000042')).toBeInTheDocument();
    expect(doc.getByText(ORDER_ID)).toBeInTheDocument();
    const seller = within(doc.getByRole('region', { name: 'Sold by' }));
    expect(seller.getByText('SSD Store Demo Traders')).toBeInTheDocument();
    expect(seller.getByText('GSTIN: 29AAAAA0000A1Z5')).toBeInTheDocument();
    expect(seller.getByText('State: Karnataka (29)')).toBeInTheDocument();
    const buyer = within(doc.getByRole('region', { name: 'Billed and shipped to' }));
    expect(buyer.getByText('Asha Rao')).toBeInTheDocument();
    expect(buyer.getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(doc.getByText('Place of supply: Karnataka (29)')).toBeInTheDocument();
    expect(doc.getByText('Tax payable on reverse charge: No')).toBeInTheDocument();

    const table = doc.getByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Description',
      'HSN',
      'Qty',
      'Unit price',
      'Taxable value',
      'CGST',
      'SGST',
      'Total',
    ]);
    const row = within(table).getByRole('row', { name: /Kanchipuram Silk Saree/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '5007', '2', '₹1,299.00', '₹2,598.00', '₹64.95@ 2.5%', '₹64.95@ 2.5%', '₹2,727.90']);

    const totals = within(doc.getByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Grand total').nextElementSibling).toHaveTextContent('₹2,736.90');
    expect(totals.getByText('Platform fee').nextElementSibling).toHaveTextContent('₹9.00');
    expect(totals.getAllByText('Not part of the taxable value of the goods; no GST charged')).toHaveLength(2);
    expect(totals.queryByText('IGST')).not.toBeInTheDocument();
    expect(doc.getByText('Amount in words: Rupees Two Thousand Seven Hundred Thirty-Six and Ninety Paise Only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Order details/ })).toHaveAttribute('href', `/orders/details/${ORDER_ID}`);
    expect(api.callsTo('GET', `/api/order/invoice/${ORDER_ID}`)).toHaveLength(1);
  });

  it('to another state: one IGST column at the full rate', async () => {
    stubStore({ [READ]: envelope(interState) });
    renderApp(path, { session: shopper });
    const table = await screen.findByRole('table', { name: 'Items' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toContain('IGST');
    expect(headers).not.toContain('CGST');
    expect(within(table).getByText('@ 5%')).toBeInTheDocument();
    expect(screen.getByText('Place of supply: Maharashtra (27)')).toBeInTheDocument();
  });

  it.each([
    [ORDERS_MESSAGES.orderNotFound, 404],
    ['No invoice has been issued for this order yet.', 404],
  ])('a refusal shows the server’s words, with the way back and no retry: %s', async (message, status) => {
    stubStore({ [READ]: { status, body: { code: -1, message, data: null } } });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not available' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Order details' })).toHaveAttribute('href', `/orders/details/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('without a connection it reads once more, then offers Try Again, which reads again', async () => {
    let reads = 0;
    const api = stubStore({
      [READ]: () => {
        reads += 1;
        return reads <= 2 ? { status: 502, body: '<html>bad gateway</html>' } : envelope(intraState);
      },
    });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load the invoice' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect to our server.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Tax Invoice' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/order/invoice/${ORDER_ID}`)).toHaveLength(3);
  });

  it('Print opens the browser’s print dialog', async () => {
    stubStore({ [READ]: envelope(intraState) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp(path, { session: shopper });
    await screen.findByRole('article', { name: 'Tax Invoice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('the print styles keep the invoice alone, by the id the document carries', async () => {
    const css = readFileSync(resolve(import.meta.dirname, 'invoice-print.css'), 'utf8');
    expect(css).toContain(`body *:not(:has(#${INVOICE_DOCUMENT_ID})):not(#${INVOICE_DOCUMENT_ID}):not(#${INVOICE_DOCUMENT_ID} *) {\n    display: none !important;`);
    stubStore({ [READ]: envelope(intraState) });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('article', { name: 'Tax Invoice' })).toHaveAttribute('id', INVOICE_DOCUMENT_ID);
  });

  it('Download PDF fetches the PDF with the session’s headers and saves it under the server’s file name', async () => {
    stubStore({ [READ]: envelope(intraState) });
    const answerJson = globalThis.fetch;
    const pdfCalls: Array<{ headers: Record<string, string> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (new URL(String(input), 'http://localhost').pathname !== PDF) return answerJson(input, init);
        pdfCalls.push({ headers: init.headers as Record<string, string> });
        return new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Invoice-SSD-26-27-000042.pdf"' },
        });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:invoice';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    renderApp(path, { session: shopper });
    await screen.findByRole('article', { name: 'Tax Invoice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice', download: 'Invoice-SSD-26-27-000042.pdf' }]));
    expect(pdfCalls).toHaveLength(1);
    expect(pdfCalls[0]!.headers).toMatchObject({ Authorization: 'Bearer access-1', 'X-Refresh-Token': 'refresh-1' });
    expect(created[0]!.type).toBe('application/pdf');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:invoice'));
  });

  it('a failed download says so in a toast, with the server’s words when it gave some', async () => {
    stubStore({
      [READ]: envelope(intraState),
      [`GET ${PDF}`]: { status: 404, body: { code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null } },
    });
    renderApp(path, { session: shopper });
    await screen.findByRole('article', { name: 'Tax Invoice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(ORDERS_MESSAGES.orderNotFound)).toBeInTheDocument();
  });
});
