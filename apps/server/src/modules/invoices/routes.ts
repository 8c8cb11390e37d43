import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@ssd/shared/checkout';
import { envelopeSchema } from '@ssd/shared/envelope';
import { invoiceFileName, invoiceSchema } from '@ssd/shared/invoices';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceForViewer, type InvoiceContext } from './service';

/** The GST invoice of a confirmed order, for its buyer and for staff: as data for the printable page, and as a PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ ctx: InvoiceContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/order/invoice/:id',
    {
      schema: {
        summary: "The GST tax invoice of a confirmed order (the buyer's or, for staff, anyone's), for the printable page",
        params: orderIdParamsSchema,
        response: { 200: envelopeSchema(invoiceSchema) },
      },
    },
    async (request) => ok(await invoiceForViewer(ctx, currentUser(request), request.params.id)),
  );

  app.get(
    '/order/invoice/:id/pdf',
    {
      schema: {
        summary: 'The same invoice as a PDF (application/pdf, an attachment); failures answer the JSON envelope',
        params: orderIdParamsSchema,
      },
    },
    async (request, reply) => {
      const invoice = await invoiceForViewer(ctx, currentUser(request), request.params.id);
      const pdf = await renderInvoicePdf(invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
        .send(pdf);
    },
  );
};
