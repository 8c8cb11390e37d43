/** Where 'Shop the sale' takes the shopper: the sale's product grid. */
export const SALE_ITEMS_ID = 'sale-items';

interface SaleBannerProps {
  title: string;
  laptop: string | null;
  mobile: string | null;
  /** The deepest markdown among the sale's items; 0 or null shows no 'Up to N% off' (yet). */
  deepestOff: number | null;
}

/** Brings the sale's grid into view and hands it keyboard focus. */
function goToItems() {
  const grid = document.getElementById(SALE_ITEMS_ID);
  if (!grid) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  grid.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  grid.focus({ preventScroll: true });
}

/**
 * The sale's banner (spec 2 sale page; issue 12, item 1): the picture (mobile variant below 768 px)
 * under real text — the title, 'Up to N% off' and a 'Shop the sale' button — on a scrim that keeps it
 * readable. The box grows with its text, so a phone never shows a strip with the words cut off; with
 * no picture the same text stands on the store's maroon.
 */
export function SaleBanner({ title, laptop, mobile, deepestOff }: SaleBannerProps) {
  const picture = laptop ?? mobile;
  return (
    <section aria-labelledby="sale-title" className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-maroon-700 to-maroon-900">
      {picture ? (
        <picture>
          {mobile ? <source media="(max-width: 767px)" srcSet={mobile} /> : null}
          <img
            src={picture}
            alt=""
            width={1600}
            height={533}
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
        </picture>
      ) : null}
      <div className="flex min-h-72 flex-col items-start justify-end gap-3 bg-gradient-to-t from-black/85 via-black/55 to-black/5 p-6 md:aspect-[3/1] md:min-h-0 md:bg-gradient-to-r md:from-black/80 md:via-black/45 md:to-transparent md:p-10 md:justify-center">
        <h1 id="sale-title" className="max-w-full font-serif text-4xl font-bold text-balance text-white drop-shadow md:text-5xl">
          {title}
        </h1>
        <p className="min-h-7 text-lg font-semibold text-gold-100">{deepestOff ? `Up to ${deepestOff}% off` : null}</p>
        <button
          type="button"
          onClick={goToItems}
          className="inline-flex min-h-11 items-center rounded-full bg-gold-200 px-6 font-semibold text-maroon-900 shadow hover:bg-gold-100"
        >
          Shop the sale
        </button>
      </div>
    </section>
  );
}
