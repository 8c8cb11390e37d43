import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { BANNER_ACCORDION_MAX, BANNER_AUTOPLAY_MS, BANNER_SWIPE_THRESHOLD_PX } from '@ssd/shared/constants';
import { useAutoplay, useMediaQuery, usePauseOnInteraction } from '../hooks';

export interface BannerSlide {
  key: string;
  title: string;
  /** Where the slide leads: /sale/{tag} for a sale, the banner's link otherwise; null for none. */
  href: string | null;
  laptop: string | null;
  mobile: string | null;
}

const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 600;
const MOBILE_WIDTH = 800;
const MOBILE_HEIGHT = 1000;

function SlideLink({ href, className, children, label }: { href: string | null; className: string; children: ReactNode; label: string }) {
  if (!href) return <div className={className}>{children}</div>;
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} aria-label={label}>
      {children}
    </a>
  );
}

/**
 * The home banner carousel (spec 2 home): an accordion of up to 6 panels on desktop, a slider
 * with swipe (40 px), arrows and dots on mobile. It moves on every 5000 ms, paused while hovered
 * or focused, and can be paused with its button.
 *
 * Written here rather than with embla-carousel: the accordion is custom either way, the slider
 * needs only a transform and a swipe threshold, and home is the first page loaded.
 */
export function BannerCarousel({ slides }: { slides: readonly BannerSlide[] }) {
  const desktop = useMediaQuery('(min-width: 768px)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [stopped, setStopped] = useState(false);
  const { paused, handlers } = usePauseOnInteraction();
  const shown = desktop ? slides.slice(0, BANNER_ACCORDION_MAX) : slides;
  const [index, setIndex] = useAutoplay(shown.length, BANNER_AUTOPLAY_MS, paused || stopped || reducedMotion);
  const swipeStart = useRef<number | null>(null);

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
        {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
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
                  <span
                    className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-5 font-serif text-2xl font-semibold text-white transition-opacity ${active ? 'opacity-100' : 'opacity-0'}`}
                  >
                    {slide.title}
                  </span>
                </SlideLink>
              </div>
            );
          })}
        </div>
      </section>
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative" {...handlers}>
      {controls}
      <div
        className="touch-pan-y overflow-hidden"
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const moved = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(moved) >= BANNER_SWIPE_THRESHOLD_PX) go(moved < 0 ? index + 1 : index - 1);
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="flex transition-transform duration-500 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
          {shown.map((slide, position) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${shown.length}: ${slide.title}`}
              aria-hidden={position !== index}
              inert={position !== index}
              data-active={position === index}
              className="relative w-full shrink-0"
            >
              <SlideLink href={slide.href} label={slide.title} className="block">
                {slide.mobile ?? slide.laptop ? (
                  <img
                    src={(slide.mobile ?? slide.laptop)!}
                    alt=""
                    width={MOBILE_WIDTH}
                    height={MOBILE_HEIGHT}
                    loading={position === 0 ? 'eager' : 'lazy'}
                    fetchPriority={position === 0 ? 'high' : undefined}
                    decoding="async"
                    draggable={false}
                    className="aspect-[4/5] w-full object-cover"
                  />
                ) : (
                  <div className="aspect-[4/5] w-full bg-gradient-to-br from-maroon-700 to-maroon-900" />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 pb-10 font-serif text-xl font-semibold text-white">
                  {slide.title}
                </span>
              </SlideLink>
            </div>
          ))}
        </div>
      </div>
      {shown.length > 1 ? (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => go(index - 1)}
            className="absolute top-1/2 left-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-maroon-800 shadow"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => go(index + 1)}
            className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-maroon-800 shadow"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-2">
            {shown.map((slide, position) => (
              <button
                key={slide.key}
                type="button"
                aria-label={`Go to slide ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => go(position)}
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <span aria-hidden="true" className={`size-2.5 rounded-full ${position === index ? 'bg-white' : 'bg-white/50'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
