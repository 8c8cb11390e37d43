import { useMutation } from '@tanstack/react-query';
import { invoiceFileName } from '@ssd/shared/invoices';
import { apiDownload } from '../../../lib/api-download';
import { invoiceKeys } from './keys';
import { invoicePdfPath } from './get-invoice';

/**
 * Fetches the invoice PDF with the session's headers (a plain link could not send them) and hands it to
 * the browser as a download under the server's file name.
 */
export async function downloadInvoicePdf(orderId: string, invoiceNumber: string): Promise<void> {
  const { blob, filename } = await apiDownload(invoicePdfPath(orderId));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? invoiceFileName(invoiceNumber);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download; the browser keeps what it needs.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** One download at a time per order: a second press while one is under way is ignored by the button. */
export function useDownloadInvoicePdf(orderId: string, invoiceNumber: string) {
  return useMutation({
    mutationKey: [...invoiceKeys.detail(orderId), 'pdf'],
    mutationFn: () => downloadInvoicePdf(orderId, invoiceNumber),
  });
}
