import { useCallback, useEffect, useState } from 'react';
import { BANNER_ACCORDION_MAX, BANNER_AUTOPLAY_MS } from '@ssd/shared/constants';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAutoplay, usePauseOnInteraction } from '../hooks';
import type { BannerSlider } from './banner-slider';
import { BannerCaption } from './banner-caption';
import { SlideLink } from './slide-link';

export interface BannerSlide {
  key: string;
  title: string;
  /** Where the slide leads: /sale/{tag} for a sale, the banner's link otherwise; null for none. */
  href: string | null;
  /** The call to action shown on the slide ('Shop the sale'), or null when it leads nowhere. */
  cta: string | null;
  laptop: string | null;
  mobile: string | null;
}

/** Where the accordion takes over from the phone slider (Tailwind's md). */
const DESKTOP_QUERY = '(min-width: 768px)';
const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 600;

type BannerSliderView = typeof BannerSlider;

/** The phone slider once loaded: later carousels show it at once. */
let loadedSlider: BannerSliderView | null = null;

/**
 * Loads the phone slider (swipe, arrows, dots). Wider screens show the accordion and never
 * download it. Tests that render the slider synchronously load it first.
 */
export function loadBannerSlider(): Promise<BannerSliderView> {
  return import('./banner-slider').then((module) => (loadedSlider = module.BannerSlider));
}

/** Loads the phone slider while `needed` and hands it to `onLoaded` if the caller is still there. */
function useBannerSliderLoading(needed: boolean, onLoaded: (view: BannerSliderView) => void) {
  useEffect(() => {
    if (!needed) return;
    let active = true;
    loadBannerSlider().then(
      (view) => {
        if (active) onLoaded(view);
      },
      () => {
        // Offline: the reserved place stays until the next visit.
      },
    );
    return () => {
      active = false;
    };
  }, [needed, onLoaded]);
}

const ignoreLoaded = () => {};

/** On a phone, starts the slider's code with the banners' data, so that both arrive together. */
export function usePreloadBannerSlider() {
  const phone = !useMediaQuery(DESKTOP_QUERY);
  useBannerSliderLoading(phone, ignoreLoaded);
}

/**
 * The home banner carousel (spec 2 home): an accordion of up to 6 panels on desktop, a slider
 * with swipe (40 px), arrows and dots on mobile (./banner-slider.tsx, loaded only there). It moves
 * on every 5000 ms, paused while hovered or focused, and can be paused with its button.
 *
 * Written here rather than with embla-carousel: the accordion is custom either way, the slider
 * needs only a transform and a swipe threshold, and home is the first page loaded.
 */
export function BannerCarousel({ slides }: { slides: readonly BannerSlide[] }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [stopped, setStopped] = useState(false);
  const { paused, handlers } = usePauseOnInteraction();
  const shown = desktop ? slides.slice(0, BANNER_ACCORDION_MAX) : slides;
  const [index, setIndex] = useAutoplay(shown.length, BANNER_AUTOPLAY_MS, paused || stopped || reducedMotion);
  const [LoadedSlider, setLoadedSlider] = useState(() => loadedSlider);
  const showSlider = useCallback((view: BannerSliderView) => setLoadedSlider(() => view), []);
  useBannerSliderLoading(!desktop && LoadedSlider === null, showSlider);

  if (shown.length === 0) return null;
  const go = (next: number) => setIndex((next + shown.length) % shown.length);

  const controls =
    shown.length > 1 ? (
      <button
        type="button"
        onClick={() => setStopped((value) => !value)}
        aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
        className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-maroon-800 shadow hover:bg-white"
      >
        {/* Play and pause drawn in one path: lighter on home's first load than two icon components. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
          <path d={stopped ? 'M7 4v16l13-8z' : 'M6 4h4v16H6zm8 0h4v16h-4z'} />
        </svg>
      </button>
    ) : null;

  if (desktop) {
    return (
      <section aria-roledescription="carousel" aria-label="Featured" className="relative mx-auto max-w-7xl px-4 pt-6 sm:px-6" {...handlers}>
        {controls}
        <div className="flex h-[26rem] gap-2 overflow-hidden rounded-2xl">
          {shown.map((slide, position) => {
            const active = position === index;
            return (
              <div
                key={slide.key}
                role="group"
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${shown.length}: ${slide.title}`}
                data-active={active}
                onMouseEnter={() => setIndex(position)}
                onFocus={() => setIndex(position)}
                className={`relative min-w-0 overflow-hidden rounded-xl transition-[flex-grow] duration-500 ease-out ${active ? 'flex-[6]' : 'flex-1'}`}
              >
                <SlideLink href={slide.href} label={slide.title} className="block h-full w-full">
                  {slide.laptop ?? slide.mobile ? (
                    <img
                      src={(slide.laptop ?? slide.mobile)!}
                      alt=""
                      width={BANNER_WIDTH}
                      height={BANNER_HEIGHT}
                      loading={position === 0 ? 'eager' : 'lazy'}
                      fetchPriority={position === 0 ? 'high' : undefined}
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    <div className="h-full w-full bg-gradient-to-br from-maroon-700 to-maroon-900" />
                  )}
                  {active ? <BannerCaption slide={slide} /> : null}
                </SlideLink>
              </div>
            );
          })}
        </div>
      </section>
    );
  }

  if (!LoadedSlider) return <FirstSlideWhileLoading slide={shown[0]!} />;
  return <LoadedSlider slides={shown} index={index} onGo={go} controls={controls} handlers={handlers} />;
}

/**
 * The first slide while the phone slider's code is on its way, drawn as the slider will draw it —
 * also what a server-rendered home shows before the app runs (src/entry-server.tsx), which cannot
 * know the screen's width: from md up, a box of the accordion's height with the laptop picture
 * stands in, so that nothing below moves when the accordion takes over.
 */
function FirstSlideWhileLoading({ slide }: { slide: BannerSlide }) {
  const phonePicture = slide.mobile ?? slide.laptop;
  const laptopPicture = slide.laptop ?? slide.mobile;
  return (
    <section aria-roledescription="carousel" aria-label="Featured" aria-busy="true" className="relative md:mx-auto md:max-w-7xl md:px-6 md:pt-6">
      <SlideLink href={slide.href} label={slide.title} className="relative block md:hidden">
        {phonePicture ? (
          <img src={phonePicture} alt="" width={800} height={1000} fetchPriority="high" decoding="async" className="aspect-[4/5] w-full object-cover" />
        ) : (
          <Skeleton className="aspect-[4/5] w-full rounded-none" />
        )}
        <BannerCaption slide={slide} />
      </SlideLink>
      <div aria-hidden="true" className="hidden h-[26rem] overflow-hidden rounded-2xl bg-maroon-100/70 md:block">
        {laptopPicture ? <img src={laptopPicture} alt="" width={BANNER_WIDTH} height={BANNER_HEIGHT} decoding="async" loading="lazy" className="h-full w-full object-cover" /> : null}
      </div>
    </section>
  );
}
