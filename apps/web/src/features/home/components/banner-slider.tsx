import { useRef, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { BANNER_SWIPE_THRESHOLD_PX } from '@ssd/shared/constants';
import type { usePauseOnInteraction } from '../hooks';
import type { BannerSlide } from './banner-carousel';
import { BannerCaption } from './banner-caption';
import { SlideLink } from './slide-link';

const MOBILE_WIDTH = 800;
const MOBILE_HEIGHT = 1000;

/** What ./banner-carousel.tsx hands the slider: its slides, position, pause button and handlers. */
export interface BannerSliderProps {
  slides: readonly BannerSlide[];
  index: number;
  onGo: (index: number) => void;
  controls: ReactNode;
  handlers: ReturnType<typeof usePauseOnInteraction>['handlers'];
}

/**
 * The home banners on phones: a slider with swipe (40 px), arrows and dots. Loaded only below the
 * md breakpoint, where it replaces the accordion of ./banner-carousel.tsx.
 */
export function BannerSlider({ slides, index, onGo, controls, handlers }: BannerSliderProps) {
  const swipeStart = useRef<number | null>(null);
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
          if (Math.abs(moved) >= BANNER_SWIPE_THRESHOLD_PX) onGo(moved < 0 ? index + 1 : index - 1);
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="flex transition-transform duration-500 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, position) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${slides.length}: ${slide.title}`}
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
                <BannerCaption slide={slide} />
              </SlideLink>
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => onGo(index - 1)}
            className="absolute top-1/2 left-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-maroon-800 shadow"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => onGo(index + 1)}
            className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-maroon-800 shadow"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-2">
            {slides.map((slide, position) => (
              <button
                key={slide.key}
                type="button"
                aria-label={`Go to slide ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => onGo(position)}
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
