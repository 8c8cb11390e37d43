import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { productKeys } from '../../../lib/api/storefront-keys';
import { deferred, toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { orderDetails, orderId, orderItem, shopper } from '../test-fixtures';
import '../screens/order-details-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;

const ORDER = orderId(1);
const ITEM = 7;
const itemDetail = (status = 'delivered') => ({
  order_id: ORDER,
  item_id: ITEM,
  curr_status: status,
  curr_updated_at: '2023-01-10T06:00:00.000Z',
  image: 'file-7',
  item_title: 'Kanjeevaram Silk Saree',
  selling_price: 1000,
  original_price: 1500,
  quantity: 2,
});

async function openItem(handlers: Handlers, { status = 'delivered', byTitle = false } = {}) {
  const api = stubStore({
    [`GET /api/order/details/${ORDER}`]: envelope(orderDetails({ items: [orderItem({ item_status: status as never })] })),
    [`GET /api/order/item/details/${ORDER}/${ITEM}`]: envelope(itemDetail(status)),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderApp(`/orders/details/${ORDER}`, { session: shopper });
  const section = await screen.findByRole('region', { name: `Order ${ORDER}` });
  const opener = byTitle
    ? within(section).getByRole('button', { name: 'Kanjeevaram Silk Saree' })
    : within(section).getByRole('button', { name: 'Rate/Review Kanjeevaram Silk Saree' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Order item' });
  await within(dialog).findByText('Kanjeevaram Silk Saree');
  return { api, user, dialog, ...view };
}

const star = (dialog: HTMLElement, n: number) => within(dialog).getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });

describe('item popup (spec 3 §2, §4, §5)', () => {
  it('shows the order id, the status and the item, with the rating and review form prefilled with the own review', async () => {
    const { dialog } = await openItem({
      [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope({ order_id: ORDER, item_id: ITEM, rating: 4, review: 'Soft silk.' }),
    });
    expect(dialog).toHaveAccessibleDescription(`Order ID: ${ORDER}`);
    expect(dialog).toHaveTextContent("Status: delivered · Tue, 10th Jan '23");
    expect(within(dialog).getByRole('link', { name: 'Kanjeevaram Silk Saree' })).toHaveAttribute(
      'href',
      '/product/7/S2FuamVldmFyYW0gU2lsayBTYXJlZQ',
    );
    expect(dialog).toHaveTextContent('₹2,000.00 (₹1,000.00 × 2)');
    expect(dialog).toHaveTextContent('Quantity: 2');

    const group = await within(dialog).findByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(star(dialog, 4)).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Review (optional)' })).toHaveValue('Soft silk.');
  });

  it('has no rating and review form for an item that cannot be reviewed', async () => {
    const { dialog, api } = await openItem(
      { [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope(null) },
      { status: 'cancelled', byTitle: true },
    );
    expect(dialog).toHaveTextContent('Status: cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/order/review/${ORDER}/${ITEM}`)).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });

  it("refuses to save without a rating: 'Please select a rating between 1 and 5.'", async () => {
    const { api, user, dialog } = await openItem({ [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope(null) });
    await user.click(await within(dialog).findByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please select a rating between 1 and 5.');
    expect(api.callsTo('POST', '/api/order/review')).toHaveLength(0);
  });

  it("saves the rating with the review trimmed, says 'Thanks for your review!', closes and refreshes the product's rating and reviews", async () => {
    const answer = deferred<StoreAnswer>();
    const { api, user, dialog, queryClient } = await openItem({
      [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope(null),
      'POST /api/order/review': () => answer.promise,
    });
    // What the product page and a trending card read of this product, and of another.
    queryClient.setQueryData(productKeys.rating(ITEM), { avg_rating: 3, total: 1 });
    queryClient.setQueryData([...productKeys.item(ITEM), 'reviews'], { pages: [[]], pageParams: [0] });
    queryClient.setQueryData(productKeys.rating(99), { avg_rating: 5, total: 2 });

    await user.click(await within(dialog).findByRole('radio', { name: '5 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Review (optional)' }), '  Lovely drape.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/order/review').map((call) => call.body)).toEqual([
      { order_id: ORDER, item_id: ITEM, rating: 5, review: 'Lovely drape.' },
    ]);

    answer.resolve(envelope({ order_id: ORDER, item_id: ITEM, rating: 5, review: 'Lovely drape.' }, 1, 'Thanks for your review!'));
    expect(toastType(await screen.findByText('Thanks for your review!'))).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(productKeys.rating(ITEM))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...productKeys.item(ITEM), 'reviews'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(productKeys.rating(99))?.isInvalidated).toBe(false);
  });

  it('sends an empty review as null', async () => {
    const { api, user, dialog } = await openItem({
      [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope({ order_id: ORDER, item_id: ITEM, rating: 2, review: 'Meh' }),
      'POST /api/order/review': envelope({ order_id: ORDER, item_id: ITEM, rating: 3, review: null }),
    });
    await user.click(await within(dialog).findByRole('radio', { name: '3 stars' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Review (optional)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Review (optional)' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/order/review')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/order/review')[0]?.body).toEqual({ order_id: ORDER, item_id: ITEM, rating: 3, review: null });
  });

  it("says 'Failed to save review' when the save fails without a reason, and the server's reason when it gives one", async () => {
    let answer: StoreAnswer = { status: 500, body: { code: -1, message: '', data: null } };
    const { user, dialog } = await openItem({
      [`GET /api/order/review/${ORDER}/${ITEM}`]: envelope({ order_id: ORDER, item_id: ITEM, rating: 4, review: null }),
      'POST /api/order/review': () => answer,
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save review');
    answer = {
      status: 422,
      body: { code: 0, message: 'Only items that are confirmed, packed, shipped or delivered can be reviewed.', data: null },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Only items that are confirmed, packed, shipped or delivered can be reviewed.'),
    );
    expect(screen.getByRole('dialog', { name: 'Order item' })).toBeInTheDocument();
  });
});
