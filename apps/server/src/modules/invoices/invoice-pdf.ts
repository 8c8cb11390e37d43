import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDay } from '@ssd/shared/dates';
import { INVOICE_MESSAGES, type Invoice, type InvoiceLine } from '@ssd/shared/invoices';
import { formatINR } from '@ssd/shared/money';
import { PAYMENT_MODE_LABELS } from '@ssd/shared/status';

/**
 * The GST invoice as an A4 PDF, drawn with pdfkit from the same data as the printable page. The text is
 * set in DejaVu Sans, read from the dejavu-fonts-ttf package (free licence; embedded as a subset): the
 * 14 standard PDF fonts have no rupee sign (₹) and no letters beyond Latin-1, and nothing is fetched
 * from the network (docs/decisions/0028-*).
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function dejaVu(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const PAGE_MARGIN = 40;
const GOLD = '#8a6d1d';
const RULE = '#c9c2b0';
const MUTED = '#555555';

type Doc = PDFKit.PDFDocument;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: InvoiceLine, index: number) => string;
}

const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(2).replace(/0$/, '')}%`;
const taxCell = (tax: InvoiceLine['cgst']) => (tax ? `${formatINR(tax.amount)}\n@ ${percent(tax.rate)}` : '');

/** The table's columns: CGST and SGST inside the seller's state, IGST outside; 515 points wide in all. */
function columnsFor(invoice: Invoice): Column[] {
  const first: Column[] = [
    { title: '#', width: 18, align: 'left', cell: (_line, i) => String(i + 1) },
    { title: 'Description', width: invoice.tax_type === 'intra_state' ? 146 : 166, align: 'left', cell: (line) => line.title },
    { title: 'HSN', width: 40, align: 'left', cell: (line) => line.hsn_code ?? '—' },
    { title: 'Qty', width: 26, align: 'right', cell: (line) => String(line.quantity) },
    { title: 'Unit price', width: 62, align: 'right', cell: (line) => formatINR(line.unit_price) },
    { title: 'Taxable value', width: 64, align: 'right', cell: (line) => formatINR(line.taxable_value) },
  ];
  const taxes: Column[] =
    invoice.tax_type === 'intra_state'
      ? [
          { title: 'CGST', width: 52, align: 'right', cell: (line) => taxCell(line.cgst) },
          { title: 'SGST', width: 52, align: 'right', cell: (line) => taxCell(line.sgst) },
        ]
      : [{ title: 'IGST', width: 84, align: 'right', cell: (line) => taxCell(line.igst) }];
  const used = [...first, ...taxes].reduce((sum, column) => sum + column.width, 0);
  return [...first, ...taxes, { title: 'Total', width: 515 - used, align: 'right', cell: (line) => formatINR(line.total) }];
}

function rule(doc: Doc, y: number): void {
  doc.moveTo(PAGE_MARGIN, y).lineTo(doc.page.width - PAGE_MARGIN, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** One table row at `y`; answers the y below it. Cells wrap inside their column. */
function row(doc: Doc, columns: Column[], cells: string[], y: number, bold = false): number {
  doc.font(bold ? 'Bold' : 'Regular').fontSize(8).fillColor('black');
  let x = PAGE_MARGIN;
  let height = 0;
  columns.forEach((column, i) => {
    const options = { width: column.width - 4, align: column.align };
    height = Math.max(height, doc.heightOfString(cells[i]!, options));
    doc.text(cells[i]!, x + 2, y, options);
    x += column.width;
  });
  return y + height + 6;
}

function partyBlock(doc: Doc, heading: string, lines: string[], x: number, y: number, width: number): number {
  doc.font('Bold').fontSize(8).fillColor(GOLD).text(heading.toUpperCase(), x, y, { width });
  const [name, ...rest] = lines;
  doc.font('Bold').fontSize(10).fillColor('black').text(name ?? '', { width });
  doc.font('Regular').fontSize(9);
  for (const line of rest) doc.text(line, { width });
  return doc.y;
}

function amountRow(doc: Doc, label: string, amount: string, y: number, bold = false): number {
  const x = doc.page.width - PAGE_MARGIN - 250;
  doc.font(bold ? 'Bold' : 'Regular').fontSize(bold ? 10 : 9).fillColor('black');
  doc.text(label, x, y, { width: 150 });
  doc.text(amount, x + 150, y, { width: 100, align: 'right' });
  return y + (bold ? 16 : 14);
}

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: { Title: `${INVOICE_MESSAGES.title} ${invoice.number}`, Author: invoice.seller.name, Subject: `Order ${invoice.order_id}`, CreationDate: new Date(invoice.issued_at) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = dejaVu();
  doc.registerFont('Regular', regular);
  doc.registerFont('Bold', bold);
  const right = doc.page.width - PAGE_MARGIN;
  const bottom = () => doc.page.height - PAGE_MARGIN;

  // Heading: the title and the invoice's identity.
  doc.font('Bold').fontSize(18).fillColor(GOLD).text(INVOICE_MESSAGES.title, PAGE_MARGIN, PAGE_MARGIN);
  doc.font('Regular').fontSize(8).fillColor(MUTED).text('Original for recipient');
  const facts: Array<[string, string]> = [
    ['Invoice No.', invoice.number],
    ['Invoice date', formatDay(invoice.issued_at)],
    ['Order ID', invoice.order_id],
    ['Order date', formatDay(invoice.order_placed_on)],
  ];
  let factsY = PAGE_MARGIN;
  for (const [label, value] of facts) {
    doc.font('Regular').fontSize(9).fillColor(MUTED).text(label, right - 220, factsY, { width: 90 });
    doc.font('Bold').fontSize(9).fillColor('black').text(value, right - 130, factsY, { width: 130, align: 'right' });
    factsY += 13;
  }

  // Seller and buyer.
  let y = Math.max(doc.y, factsY) + 12;
  rule(doc, y);
  y += 10;
  const { seller, buyer } = invoice;
  const half = (right - PAGE_MARGIN) / 2 - 10;
  const sellerEnd = partyBlock(
    doc,
    'Sold by',
    [seller.name, ...seller.address, `State: ${seller.state} (${seller.state_code})`, `GSTIN: ${seller.gstin}`],
    PAGE_MARGIN,
    y,
    half,
  );
  const buyerEnd = partyBlock(
    doc,
    'Billed and shipped to',
    [buyer.name, ...buyer.address, `State: ${buyer.state}${buyer.state_code ? ` (${buyer.state_code})` : ''}`, `Phone: ${buyer.contact}`, buyer.email],
    PAGE_MARGIN + half + 20,
    y,
    half,
  );
  y = Math.max(sellerEnd, buyerEnd) + 10;
  doc.font('Regular').fontSize(9).fillColor('black');
  const pos = invoice.place_of_supply;
  doc.text(`Place of supply: ${pos.state}${pos.state_code ? ` (${pos.state_code})` : ''}`, PAGE_MARGIN, y);
  doc.text(`Tax payable on reverse charge: ${invoice.reverse_charge ? 'Yes' : 'No'}`, PAGE_MARGIN, doc.y);
  y = doc.y + 10;

  // The lines; the header row is drawn again on every new page.
  const columns = columnsFor(invoice);
  const header = () => {
    rule(doc, y);
    y = row(doc, columns, columns.map((column) => column.title), y + 4, true);
    rule(doc, y - 2);
  };
  header();
  invoice.lines.forEach((line, i) => {
    const cells = columns.map((column) => column.cell(line, i));
    const height = Math.max(...cells.map((cell, c) => doc.font('Regular').fontSize(8).heightOfString(cell, { width: columns[c]!.width - 4 })));
    if (y + height + 6 > bottom()) {
      doc.addPage();
      y = PAGE_MARGIN;
      header();
    }
    y = row(doc, columns, cells, y + 2);
  });
  rule(doc, y);
  y += 8;

  // Charges with their tax treatment, then the totals.
  const totalsHeight = 14 * 6 + 60 + invoice.charges.length * 24;
  if (y + totalsHeight > bottom()) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  const { totals } = invoice;
  y = amountRow(doc, 'Taxable value', formatINR(totals.taxable_value), y);
  if (invoice.tax_type === 'intra_state') {
    y = amountRow(doc, 'CGST', formatINR(totals.cgst), y);
    y = amountRow(doc, 'SGST', formatINR(totals.sgst), y);
  } else {
    y = amountRow(doc, 'IGST', formatINR(totals.igst), y);
  }
  for (const charge of invoice.charges) {
    y = amountRow(doc, charge.label, formatINR(charge.amount), y);
    doc.font('Regular').fontSize(7).fillColor(MUTED).text(charge.tax_treatment, right - 250, y - 3, { width: 250 });
    y = doc.y + 4;
  }
  rule(doc, y);
  y = amountRow(doc, 'Grand total', formatINR(totals.grand_total), y + 5, true);
  doc.font('Regular').fontSize(9).fillColor('black').text(`Amount in words: ${invoice.amount_in_words}`, PAGE_MARGIN, y + 6, { width: right - PAGE_MARGIN });

  // Payment, and the signature line.
  const { payment } = invoice;
  const paid = [`Payment: ${PAYMENT_MODE_LABELS[payment.mode]}`, `amount paid ${formatINR(payment.amount_paid)}`];
  if (payment.payment_id) paid.push(`payment ID ${payment.payment_id}`);
  if (payment.paid_on) paid.push(`on ${formatDay(payment.paid_on)}`);
  doc.moveDown(0.6).fontSize(8).fillColor(MUTED).text(paid.join(', '), { width: right - PAGE_MARGIN });
  doc.moveDown(1.5).font('Bold').fontSize(9).fillColor('black').text(`For ${seller.name}`, { align: 'right' });
  doc.font('Regular').fontSize(8).fillColor(MUTED).text('Authorised signatory (computer-generated invoice)', { align: 'right' });

  // Every page says whose it is and where it stands, once the number of pages is known.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not open a new page
    doc
      .font('Regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`${INVOICE_MESSAGES.title} ${invoice.number} · page ${page - start + 1} of ${count}`, PAGE_MARGIN, doc.page.height - PAGE_MARGIN + 12, {
        width: right - PAGE_MARGIN,
        align: 'center',
      });
  }
  doc.end();
  return finished;
}
