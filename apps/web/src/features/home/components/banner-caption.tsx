import type { BannerSlide } from './banner-carousel';

/**
 * A banner's words as text over its picture (issue 12, item 1): the pictures carry none, so no crop
 * can cut a headline. The title wraps between words on a dark scrim that keeps white text readable on
 * any picture; the call to action shows when the slide leads somewhere. Sized for the phone slider,
 * and from md for the accordion's open panel. Hidden from assistive technology: the slide's link is
 * named by its title.
 */
export function BannerCaption({ slide }: { slide: BannerSlide }) {
  return (
    <span
      aria-hidden="true"
      className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-3 bg-gradient-to-t from-black/85 via-black/55 px-5 pt-20 pb-12 md:px-8 md:pt-16 md:pb-6"
    >
      <span data-banner-title="" className="font-serif text-2xl font-semibold text-balance text-white md:text-4xl">
        {slide.title}
      </span>
      {slide.cta ? <span className="rounded-full bg-gold-200 px-5 py-2.5 text-sm font-semibold text-maroon-900">{slide.cta}</span> : null}
    </span>
  );
}
