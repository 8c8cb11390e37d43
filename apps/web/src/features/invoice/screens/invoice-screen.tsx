import { Download, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { INVOICE_MESSAGES, type Invoice } from '@ssd/shared/invoices';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { ApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/failure-message';
import { SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { useInvoice } from '../api/get-invoice';
import { InvoiceDocument } from '../components/invoice-document';
// Print styles (the invoice alone on the page); they name the document's id, INVOICE_DOCUMENT_ID.
import './invoice-print.css';

export const INVOICE_TEXT = {
  loading: 'Loading the invoice…',
  unavailable: 'Invoice not available',
  error: 'We could not load the invoice',
  backToOrder: 'Order details',
  myOrders: 'My Orders',
  downloading: 'Downloading…',
} as const;

const orderDetailsPath = (orderId: string) => `${SCREENS.orders.path}/details/${encodeURIComponent(orderId)}`;

/** Not found (another shopper's order answers the same), or this order has no invoice: final, no retry. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && !error.network && (error.status === 404 || error.status === 400);
}

/**
 * /orders/invoice/{id} (ours, linked from the order details once the order has an invoice): the GST tax
 * invoice to read and print, and its PDF to download with the session's headers.
 */
export function InvoiceScreen() {
  const { id = '' } = useParams();
  const orderId = id.trim();
  const invoice = useInvoice(orderId);
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');

  if (invoice.isPending) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-6">
        <p role="status" className="sr-only">
          {INVOICE_TEXT.loading}
        </p>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="mt-6 h-96 w-full" />
      </div>
    );
  }

  if (invoice.isError) {
    const refused = isRefusal(invoice.error);
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center">
        <h1 className="heading-page">{refused ? INVOICE_TEXT.unavailable : INVOICE_TEXT.error}</h1>
        <p role="alert" className="max-w-md text-ink">
          {describeFailure(invoice.error).message}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {refused ? null : <Button onClick={() => void invoice.refetch()}>Try Again</Button>}
          <Link to={orderDetailsPath(orderId)} className={buttonClasses(refused ? 'primary' : 'secondary')}>
            {INVOICE_TEXT.backToOrder}
          </Link>
          <Link to={SCREENS.orders.path} className={buttonClasses('secondary')}>
            {INVOICE_TEXT.myOrders}
          </Link>
        </div>
      </div>
    );
  }

  return <InvoiceView orderId={orderId} invoice={invoice.data} />;
}

function InvoiceView({ orderId, invoice }: { orderId: string; invoice: Invoice }) {
  const download = useDownloadInvoicePdf(orderId, invoice.number);
  const failureToast = useFailureToast();
  const startDownload = () => {
    if (download.isPending) return;
    download.mutate(undefined, { onError: (error) => failureToast(error, { fallback: INVOICE_MESSAGES.downloadFailed }) });
  };
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={orderDetailsPath(orderId)} className="text-sm font-semibold text-maroon-700 underline-offset-2 hover:underline">
          ← {INVOICE_TEXT.backToOrder}
        </Link>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {INVOICE_MESSAGES.print}
          </Button>
          <Button onClick={startDownload} aria-disabled={download.isPending}>
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? INVOICE_TEXT.downloading : INVOICE_MESSAGES.downloadPdf}
          </Button>
        </div>
      </div>
      <InvoiceDocument invoice={invoice} />
    </div>
  );
}
