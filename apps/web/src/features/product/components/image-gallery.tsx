import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** The zoom widget's defaults (spec 2 Product detail). */
export const ZOOM = {
  fadeMs: 150,
  mobileBreakpointPx: 576,
  dragThresholdPx: 5,
  /** Extra magnification: the zoomed image is (1 + zoomScale) times as large. */
  zoomScale: 1,
} as const;

const SWIPE_THRESHOLD_PX = 40;
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;

export interface GalleryImage {
  key: string | number;
  src: string;
}

/**
 * Main image with previous/next and thumbnails; on narrow screens, swipe and dots. Pressing the
 * main image (click, Enter or Space) toggles a magnified view that follows the pointer; Escape
 * leaves it. Styles come from classes and CSSOM properties only (CSP style-src 'self').
 */
export function ImageGallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;

  const go = (next: number) => {
    setZoomed(false);
    setIndex(((next % count) + count) % count);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    start.current = { x: event.clientX, y: event.clientY };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (start.current) {
      const moved = Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y);
      if (moved > ZOOM.dragThresholdPx) dragged.current = true;
    }
    if (!zoomed) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setOrigin({
      x: Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)),
      y: Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100)),
    });
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const from = start.current;
    start.current = null;
    if (!from || zoomed || count < 2) return;
    const dx = event.clientX - from.x;
    // A swipe (touch or pen) changes the image; a mouse drag does nothing.
    if (event.pointerType !== 'mouse' && Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? index + 1 : index - 1);
  };
  const onClick = () => {
    // A drag past the threshold is not a click.
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setZoomed((value) => !value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && zoomed) {
      event.stopPropagation();
      setZoomed(false);
    } else if (event.key === 'ArrowRight' && count > 1) go(index + 1);
    else if (event.key === 'ArrowLeft' && count > 1) go(index - 1);
  };

  return (
    <section aria-label="Product images" className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-xl bg-white">
        <button
          type="button"
          aria-pressed={zoomed}
          aria-label={zoomed ? 'Zoom out of the image' : 'Zoom into the image'}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          onPointerLeave={() => zoomed && setOrigin({ x: 50, y: 50 })}
          onClick={onClick}
          onKeyDown={onKeyDown}
          className={`block w-full touch-pan-y overflow-hidden focus-visible:outline-2 focus-visible:outline-maroon-700 ${zoomed ? 'cursor-zoom-out' : 'cursor-zoom-in'}`}
        >
          <img
            key={current.key}
            src={current.src}
            alt={count > 1 ? `${title}, image ${index + 1} of ${count}` : title}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={index === 0 ? 'eager' : 'lazy'}
            draggable={false}
            // Only while zoomed: a server-rendered page's style attributes are refused by the page's
            // script and style policy, where styles set by the app once it runs are not. The fade is
            // ZOOM.fadeMs (duration-150).
            style={zoomed ? { transform: `scale(${1 + ZOOM.zoomScale})`, transformOrigin: `${origin.x}% ${origin.y}%` } : undefined}
            className="aspect-[4/5] h-auto w-full object-contain transition-transform duration-150 select-none"
          />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-maroon-700 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next image"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-maroon-700 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          {/* Thumbnails from the zoom widget's mobile breakpoint up; dots below it. */}
          <ul className="hidden gap-2 overflow-x-auto min-[576px]:flex" aria-label="Image thumbnails">
            {images.map((image, n) => (
              <li key={image.key}>
                <button
                  type="button"
                  onClick={() => go(n)}
                  aria-label={`Show image ${n + 1}`}
                  aria-current={n === index ? 'true' : undefined}
                  className={`block overflow-hidden rounded-md border-2 ${n === index ? 'border-maroon-700' : 'border-transparent'}`}
                >
                  <img src={image.src} alt="" width={64} height={80} loading="lazy" className="h-20 w-16 object-cover" />
                </button>
              </li>
            ))}
          </ul>
          {/* Each dot is drawn small inside a 24×24 px button: a target a thumb can hit (WCAG 2.5.8). */}
          <div className="flex justify-center min-[576px]:hidden">
            {images.map((image, n) => (
              <button
                key={image.key}
                type="button"
                onClick={() => go(n)}
                aria-label={`Go to image ${n + 1}`}
                aria-current={n === index ? 'true' : undefined}
                className="grid size-6 place-items-center"
              >
                <span aria-hidden="true" className={`size-2.5 rounded-full ${n === index ? 'bg-maroon-700' : 'bg-maroon-200'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
