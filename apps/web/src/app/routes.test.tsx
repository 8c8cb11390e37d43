import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('route table', () => {
  it("shows 'Not found' for a path that is not in the table", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not found | SSD'));
  });

  it.each([
    '/shop',
    '/fabrics',
    '/jewels',
    '/jewel',
    '/catalog/Sarees',
    '/search',
    '/search/c2FyZWU',
    '/product/12/U2lsayBTYXJlZQ',
    '/sale/diwali',
    '/cart',
    '/place/order',
    '/verify/payment?id=5',
    '/orders',
    '/orders/details/5/6',
    '/wishlist',
    '/admin',
    '/admin/banner/add',
    '/admin/catalog',
    '/admin/catalog/update',
    '/admin/products',
    '/admin/products/fabrics',
    '/admin/product/detail',
  ])('renders Not found, not a placeholder, for the not-yet-built %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });

  it("titles home 'Home | SSD'", async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'SSD Store' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | SSD'));
  });

  it.each([
    ['/contact', 'Contact us', 'Contact | SSD'],
    ['/terms', 'Terms & Conditions', 'Terms & Conditions | SSD'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy | SSD'],
    ['/shipping', 'Shipping Policy', 'Shipping Policy | SSD'],
    ['/returns', 'Return & Refund Guidelines', 'Return & Refund Guidelines | SSD'],
  ])('%s shows its screen titled %s', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
