import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORE_NAME } from '@ssd/shared/constants';
import FooterContent from './footer-content';
import { installIntersectionObserver } from '../../test/content-stub';
import { Footer } from './footer';

describe('footer content', () => {
  it("draws every 'Reach Us On' and 'Customer Care' icon in its first render: no circle is ever empty", () => {
    render(
      <MemoryRouter>
        <FooterContent showMessagingIcon />
      </MemoryRouter>,
    );
    const reach = screen.getByRole('heading', { name: 'Reach Us On' }).parentElement!;
    const links = within(reach).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
    const care = screen.getByRole('heading', { name: 'Customer Care' }).parentElement!;
    expect(within(care).getByRole('button', { name: 'Support Chat' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByText(`© ${new Date().getFullYear()} ${STORE_NAME}`)).toBeInTheDocument();
  });

  it('stands in with a plain box, no icon circles, until the footer comes near the viewport', () => {
    installIntersectionObserver();
    render(
      <MemoryRouter>
        <Footer screenShown showMessagingIcon />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelectorAll('a, svg, .rounded-full')).toHaveLength(0);
  });

  it('ends with the room of the phone bottom bar, so the bar never covers the © line', () => {
    render(
      <MemoryRouter>
        <FooterContent showMessagingIcon />
      </MemoryRouter>,
    );
    const copyright = screen.getByText(`© ${new Date().getFullYear()} ${STORE_NAME}`);
    expect(copyright.parentElement).toHaveClass('pb-[calc(4rem+env(safe-area-inset-bottom))]', 'md:pb-0');
  });
});
