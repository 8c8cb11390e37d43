import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchMediaController } from '../../../test/match-media';
import { BannerCarousel, loadBannerSlider, type BannerSlide } from './banner-carousel';
import { bannerSlides } from './home-banners';

const SLIDES: BannerSlide[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
  key: `s${n}`,
  title: `Slide ${n}`,
  href: n === 1 ? '/sale/festive-sale' : null,
  cta: n === 1 ? 'Shop the sale' : null,
  laptop: `/l${n}.jpg`,
  mobile: `/m${n}.jpg`,
}));

function renderCarousel() {
  const router = createMemoryRouter([{ path: '*', element: <BannerCarousel slides={SLIDES} /> }]);
  return render(<RouterProvider router={router} />);
}

const activeTitle = () =>
  screen
    .getAllByRole('group')
    .find((slide) => slide.getAttribute('data-active') === 'true')
    ?.getAttribute('aria-label');

describe('banner carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows up to 6 accordion panels on desktop and moves on every 5000 ms', () => {
    renderCarousel();
    expect(screen.getAllByRole('group')).toHaveLength(6);
    expect(activeTitle()).toBe('1 of 6: Slide 1');
    act(() => vi.advanceTimersByTime(4999));
    expect(activeTitle()).toBe('1 of 6: Slide 1');
    act(() => vi.advanceTimersByTime(1));
    expect(activeTitle()).toBe('2 of 6: Slide 2');
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toBe('3 of 6: Slide 3');
  });

  it('pauses while hovered and goes on after', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Featured' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(15000));
    expect(activeTitle()).toBe('1 of 6: Slide 1');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toBe('2 of 6: Slide 2');
  });

  it('can be paused with its button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Featured' }));
    act(() => vi.advanceTimersByTime(20000));
    expect(activeTitle()).toBe('1 of 6: Slide 1');
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it("lays the open panel's title and call to action over the picture as text; narrow panels show only their picture", () => {
    renderCarousel();
    const open = screen.getAllByRole('group').find((slide) => slide.getAttribute('data-active') === 'true')!;
    expect(open.querySelector('[data-banner-title]')).toHaveTextContent('Slide 1');
    expect(open).toHaveTextContent('Shop the sale');
    const narrow = screen.getAllByRole('group').filter((slide) => slide.getAttribute('data-active') !== 'true');
    // Too narrow for a headline: none is squeezed in to be cut; the link still says where it goes.
    expect(narrow.map((slide) => slide.textContent)).toEqual(['', '', '', '', '']);
    expect(narrow[0]!.querySelector('img')).toBeInTheDocument();
    // The pictures are decoration: the words are the text above.
    for (const image of document.querySelectorAll('img')) expect(image).toHaveAttribute('alt', '');
  });

  it('links a sale panel to /sale/{tag} and loads only the first banner eagerly', () => {
    renderCarousel();
    expect(screen.getByRole('link', { name: 'Slide 1' })).toHaveAttribute('href', '/sale/festive-sale');
    const images = document.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width');
  });

  it('on mobile: a slider with every slide, arrows, dots and a 40 px swipe', async () => {
    // Phones load the slider's code; loaded first here, the fake-timer steps stay synchronous.
    await loadBannerSlider();
    matchMediaController.setWidth(400);
    renderCarousel();
    // Slides out of view are hidden from assistive technology and inert.
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(7);
    expect(screen.getAllByRole('group')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeTitle()).toBe('2 of 7: Slide 2');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 5' }));
    expect(activeTitle()).toBe('5 of 7: Slide 5');
    expect(screen.getByRole('button', { name: 'Go to slide 5' })).toHaveAttribute('aria-current', 'true');
    const track = screen.getAllByRole('group')[0]!.parentElement!.parentElement!;
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 170 });
    expect(activeTitle()).toBe('5 of 7: Slide 5');
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 160 });
    expect(activeTitle()).toBe('6 of 7: Slide 6');
    fireEvent.pointerDown(track, { clientX: 100 });
    fireEvent.pointerUp(track, { clientX: 150 });
    expect(activeTitle()).toBe('5 of 7: Slide 5');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeTitle()).toBe('4 of 7: Slide 4');
    // Each slide's title is text over its picture.
    const shown = screen.getAllByRole('group')[0]!;
    expect(shown.querySelector('[data-banner-title]')).toHaveTextContent('Slide 4');
  });

  it('puts sale banners first, then the ordinary banners', () => {
    const slides = bannerSlides(
      [
        {
          sale_id: 3,
          sale_name: 'Festive Sale',
          tag_name: 'festive-sale',
          banner_image: 'b',
          banner_image_mobile: 'bm',
          banner_image_laptop: 'bl',
          active_till: '2030-01-01T00:00:00Z',
        },
      ],
      [
        { banner_id: 1, title: 'Silk', banner_image: 'x', banner_image_mobile: null, banner_image_laptop: null, link: '/catalog/Sarees' },
        { banner_id: 2, title: 'Cotton', banner_image: 'y', banner_image_mobile: null, banner_image_laptop: null, link: null },
      ],
    );
    expect(slides.map((slide) => [slide.title, slide.href, slide.cta, slide.laptop, slide.mobile])).toEqual([
      ['Festive Sale', '/sale/festive-sale', 'Shop the sale', '/content/assets/bl', '/content/assets/bm'],
      ['Silk', '/catalog/Sarees', 'Shop now', '/content/assets/x', '/content/assets/x'],
      ['Cotton', null, null, '/content/assets/y', '/content/assets/y'],
    ]);
  });
});
