import { assetUrl } from '@ssd/shared/assets';
import { formatINR } from '@ssd/shared/money';
import { gstText, lineAmount, quantityText } from '../lib/amounts';

/** A reservation or order line as both steps show it (spec 3 §3 line items). */
export interface CheckoutLineView {
  key: string;
  title: string;
  thumbnail_image: string;
  selling_price: number;
  original_price: number;
  quantity: number;
  applied_gst_rate: number;
  gst_amount: number;
}

/**
 * Every line: thumbnail, title, price times quantity with the original struck through when it is
 * discounted, the quantity, and the line's GST with its rate (spec 3 §2).
 */
export function OrderLines({ lines }: { lines: readonly CheckoutLineView[] }) {
  return (
    <ul className="flex flex-col divide-y divide-maroon-100 rounded-2xl border border-maroon-100 bg-white">
      {lines.map((line) => {
        const src = assetUrl(line.thumbnail_image);
        const discounted = line.original_price > line.selling_price;
        return (
          <li key={line.key} className="flex gap-4 p-4">
            {src ? (
              <img src={src} alt="" width={80} height={96} loading="lazy" className="h-24 w-20 shrink-0 rounded-lg bg-maroon-50 object-cover" />
            ) : (
              <span aria-hidden="true" className="h-24 w-20 shrink-0 rounded-lg bg-maroon-50" />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <p className="font-semibold text-ink">{line.title}</p>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-ink">
                  <span className="sr-only">Price: </span>
                  {formatINR(lineAmount(line.selling_price, line.quantity))}
                </span>
                {discounted ? (
                  <s className="text-muted">
                    <span className="sr-only">Original price: </span>
                    {formatINR(lineAmount(line.original_price, line.quantity))}
                  </s>
                ) : null}
                {line.quantity > 1 ? (
                  <span className="text-muted">
                    ({formatINR(line.selling_price)} × {line.quantity})
                  </span>
                ) : null}
              </p>
              <p className="text-muted">{quantityText(line.quantity)}</p>
              <p className="text-muted">{gstText(line.gst_amount, line.applied_gst_rate)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
