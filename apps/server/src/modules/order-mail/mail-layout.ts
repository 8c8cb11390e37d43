import { STORE_NAME } from '@ssd/shared/constants';

/** Text a shopper or staff typed (names, addresses, product titles) made safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The store's mail frame around a body of already escaped HTML. */
export function mailHtml(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;color:#222;max-width:640px;margin:0 auto">
<h2 style="color:#8a6d1d">${escapeHtml(STORE_NAME)}</h2>
${body}
<p style="color:#666;font-size:12px">— ${escapeHtml(STORE_NAME)}</p>
</body></html>`;
}

/** Rows of label and amount as a small HTML table (the amounts already formatted). */
export function amountTable(rows: ReadonlyArray<readonly [string, string]>, boldLast = false): string {
  const cells = rows.map(([label, amount], i) => {
    const weight = boldLast && i === rows.length - 1 ? 'font-weight:bold;' : '';
    return `<tr><td style="${weight}padding:2px 12px 2px 0">${escapeHtml(label)}</td><td style="${weight}text-align:right">${escapeHtml(amount)}</td></tr>`;
  });
  return `<table style="border-collapse:collapse">${cells.join('')}</table>`;
}
