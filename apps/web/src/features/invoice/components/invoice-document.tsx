import { formatDay } from '@ssd/shared/dates';
import { INVOICE_MESSAGES, type Invoice, type InvoiceLine } from '@ssd/shared/invoices';
import { formatINR } from '@ssd/shared/money';
import { PAYMENT_MODE_LABELS } from '@ssd/shared/status';

/** The element the print styles keep (invoice-screen.tsx). */
export const INVOICE_DOCUMENT_ID = 'invoice-document';

const percent = (rate: number) => `${rate}%`;

function TaxCell({ tax }: { tax: InvoiceLine['cgst'] }) {
  if (!tax) return <td />;
  return (
    <td className="px-2 py-2 text-right align-top tabular-nums">
      {formatINR(tax.amount)}
      <span className="block text-xs text-muted">@ {percent(tax.rate)}</span>
    </td>
  );
}

function Party({ heading, lines }: { heading: string; lines: readonly string[] }) {
  const [name, ...rest] = lines;
  return (
    <section aria-label={heading} className="text-sm leading-relaxed">
      <h2 className="text-xs font-semibold tracking-wide text-gold-700 uppercase">{heading}</h2>
      <p className="font-semibold text-ink">{name}</p>
      {rest.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </section>
  );
}

function AmountRow({ label, amount, note, strong = false }: { label: string; amount: number; note?: string; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-6 py-1 ${strong ? 'border-t border-gold-200 pt-2 text-base font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatINR(amount)}</dd>
      {note ? <dd className="w-full text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

/**
 * The GST tax invoice as a document to read and print: the same data and layout as the PDF the server
 * draws (seller, buyer, place of supply, lines with HSN and CGST + SGST or IGST, the charges with their
 * tax treatment, totals and the amount in words).
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const intra = invoice.tax_type === 'intra_state';
  const { seller, buyer, totals, payment } = invoice;
  const pos = invoice.place_of_supply;
  const facts: Array<[string, string]> = [
    ['Invoice No.', invoice.number],
    ['Invoice date', formatDay(invoice.issued_at)],
    ['Order ID', invoice.order_id],
    ['Order date', formatDay(invoice.order_placed_on)],
  ];
  return (
    <article
      id={INVOICE_DOCUMENT_ID}
      aria-labelledby="invoice-title"
      className="rounded-lg border border-gold-200 bg-white p-5 text-ink shadow-sm sm:p-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-gold-200 pb-4">
        <div>
          <h1 id="invoice-title" className="font-serif text-2xl font-semibold text-gold-700">
            {INVOICE_MESSAGES.title}
          </h1>
          <p className="text-xs text-muted">Original for recipient</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-0.5 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </header>

      <div className="grid gap-6 py-4 sm:grid-cols-2">
        <Party heading="Sold by" lines={[seller.name, ...seller.address, `State: ${seller.state} (${seller.state_code})`, `GSTIN: ${seller.gstin}`]} />
        <Party
          heading="Billed and shipped to"
          lines={[
            buyer.name,
            ...buyer.address,
            `State: ${buyer.state}${buyer.state_code ? ` (${buyer.state_code})` : ''}`,
            `Phone: ${buyer.contact}`,
            buyer.email,
          ]}
        />
      </div>
      <p className="text-sm">
        Place of supply: {pos.state}
        {pos.state_code ? ` (${pos.state_code})` : ''}
      </p>
      <p className="text-sm">Tax payable on reverse charge: {invoice.reverse_charge ? 'Yes' : 'No'}</p>

      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-y border-gold-200 text-left text-xs">
              <th scope="col" className="px-2 py-2">
                #
              </th>
              <th scope="col" className="px-2 py-2">
                Description
              </th>
              <th scope="col" className="px-2 py-2">
                HSN
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Qty
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Unit price
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Taxable value
              </th>
              {intra ? (
                <>
                  <th scope="col" className="px-2 py-2 text-right">
                    CGST
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    SGST
                  </th>
                </>
              ) : (
                <th scope="col" className="px-2 py-2 text-right">
                  IGST
                </th>
              )}
              <th scope="col" className="px-2 py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={i} className="border-b border-gold-100">
                <td className="px-2 py-2 align-top">{i + 1}</td>
                <th scope="row" className="px-2 py-2 text-left align-top font-normal">
                  {line.title}
                </th>
                <td className="px-2 py-2 align-top">{line.hsn_code ?? '—'}</td>
                <td className="px-2 py-2 text-right align-top tabular-nums">{line.quantity}</td>
                <td className="px-2 py-2 text-right align-top tabular-nums">{formatINR(line.unit_price)}</td>
                <td className="px-2 py-2 text-right align-top tabular-nums">{formatINR(line.taxable_value)}</td>
                {intra ? (
                  <>
                    <TaxCell tax={line.cgst} />
                    <TaxCell tax={line.sgst} />
                  </>
                ) : (
                  <TaxCell tax={line.igst} />
                )}
                <td className="px-2 py-2 text-right align-top tabular-nums">{formatINR(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-label="Totals" className="mt-4 ml-auto max-w-sm text-sm">
        <dl>
        <AmountRow label="Taxable value" amount={totals.taxable_value} />
        {intra ? (
          <>
            <AmountRow label="CGST" amount={totals.cgst} />
            <AmountRow label="SGST" amount={totals.sgst} />
          </>
        ) : (
          <AmountRow label="IGST" amount={totals.igst} />
        )}
        {invoice.charges.map((charge) => (
          <AmountRow key={charge.label} label={charge.label} amount={charge.amount} note={charge.tax_treatment} />
        ))}
        <AmountRow label="Grand total" amount={totals.grand_total} strong />
        </dl>
      </section>
      <p className="mt-4 text-sm">Amount in words: {invoice.amount_in_words}</p>
      <p className="mt-2 text-xs text-muted">
        Payment: {PAYMENT_MODE_LABELS[payment.mode]}, amount paid {formatINR(payment.amount_paid)}
        {payment.payment_id ? `, payment ID ${payment.payment_id}` : ''}
        {payment.paid_on ? `, on ${formatDay(payment.paid_on)}` : ''}
      </p>
      <p className="mt-6 text-right text-sm font-semibold">For {seller.name}</p>
      <p className="text-right text-xs text-muted">Authorised signatory (computer-generated invoice)</p>
    </article>
  );
}
