import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { LoadFirstRead } from '../lib/first-read';
import { ROUTE_NAMES, type RouteName } from '../lib/paths';
import { AppShell } from './shell/app-shell';
import { RouteError } from './route-error';
import type { RouteHandle } from './shell/use-route-name';

/*
 * The route table of spec 1 §2 (and spec 2 §2, spec 3 §2). Every path of the product is declared
 * here with its spec name in `handle`, which the shell's show/hide rules read. Screens load
 * lazily, one chunk each.
 *
 * Paths whose screens belong to a later issue render the Not found page until that issue swaps
 * in its screen (and flips the screen's flag in src/lib/paths.ts so the shell links to it).
 */

// 'Not found' is lazy like every screen: most visits never show it. RouteError stays in the entry:
// it must render even when the release its chunk belonged to has been replaced.
const NotFoundScreen = lazy(() =>
  import('../features/not-found/screens/not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
);
// The login guard only wraps screens behind a login; the first load of any other page skips it.
const RequireLogin = lazy(() => import('../lib/guards').then((m) => ({ default: m.RequireLogin })));
// A guarded screen's first read (and code), which its guard loads while the startup verification runs.
const cartFirstRead: LoadFirstRead = () => import('../features/cart/api/cart-first-read');
const orderListFirstRead: LoadFirstRead = () => import('../features/orders/api/order-list-first-read');

const HomeScreen = lazy(() => import('../features/home/screens/home-screen').then((m) => ({ default: m.HomeScreen })));
const ContactScreen = lazy(() =>
  import('../features/contact/screens/contact-screen').then((m) => ({ default: m.ContactScreen })),
);
const TermsScreen = lazy(() => import('../features/policies/screens/terms-screen').then((m) => ({ default: m.TermsScreen })));
const PrivacyScreen = lazy(() =>
  import('../features/policies/screens/privacy-screen').then((m) => ({ default: m.PrivacyScreen })),
);
const ShippingScreen = lazy(() =>
  import('../features/policies/screens/shipping-screen').then((m) => ({ default: m.ShippingScreen })),
);
const ReturnsScreen = lazy(() =>
  import('../features/policies/screens/returns-screen').then((m) => ({ default: m.ReturnsScreen })),
);

const LoginScreen = lazy(() => import('../features/auth/screens/login-screen').then((m) => ({ default: m.LoginScreen })));
const SignupScreen = lazy(() => import('../features/auth/screens/signup-screen').then((m) => ({ default: m.SignupScreen })));
const PasswordResetScreen = lazy(() =>
  import('../features/auth/screens/password-reset-screen').then((m) => ({ default: m.PasswordResetScreen })),
);
const ProfileScreen = lazy(() =>
  import('../features/profile/screens/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);

const ShopScreen = lazy(() => import('../features/shop/screens/shop-screen').then((m) => ({ default: m.ShopScreen })));
const FabricsScreen = lazy(() =>
  import('../features/catalog/screens/store-screens').then((m) => ({ default: m.FabricsScreen })),
);
const JewelScreen = lazy(() => import('../features/catalog/screens/store-screens').then((m) => ({ default: m.JewelScreen })));
const CatalogScreen = lazy(() =>
  import('../features/catalog/screens/store-screens').then((m) => ({ default: m.CatalogScreen })),
);
const SearchScreen = lazy(() => import('../features/search/screens/search-screen').then((m) => ({ default: m.SearchScreen })));
const SearchResultsScreen = lazy(() =>
  import('../features/search/screens/search-results-screen').then((m) => ({ default: m.SearchResultsScreen })),
);
const SaleScreen = lazy(() => import('../features/sale/screens/sale-screen').then((m) => ({ default: m.SaleScreen })));

const ProductScreen = lazy(() =>
  import('../features/product/screens/product-screen').then((m) => ({ default: m.ProductScreen })),
);
const WishlistScreen = lazy(() =>
  import('../features/wishlist/screens/wishlist-screen').then((m) => ({ default: m.WishlistScreen })),
);
const CartScreen = lazy(() => import('../features/cart/screens/cart-screen').then((m) => ({ default: m.CartScreen })));
const PlaceOrderScreen = lazy(() =>
  import('../features/checkout/screens/place-order-screen').then((m) => ({ default: m.PlaceOrderScreen })),
);
const VerifyPaymentScreen = lazy(() =>
  import('../features/checkout/screens/verify-payment-screen').then((m) => ({ default: m.VerifyPaymentScreen })),
);
const MyOrdersScreen = lazy(() => import('../features/orders/screens/my-orders-screen').then((m) => ({ default: m.MyOrdersScreen })));
const OrderDetailsScreen = lazy(() =>
  import('../features/orders/screens/order-details-screen').then((m) => ({ default: m.OrderDetailsScreen })),
);
const InvoiceScreen = lazy(() => import('../features/invoice/screens/invoice-screen').then((m) => ({ default: m.InvoiceScreen })));

// The admin console (spec 3 §2): its guard, its layout and one chunk per screen.
const RequireAdmin = lazy(() => import('../lib/guards').then((m) => ({ default: m.RequireAdmin })));
const AdminLayout = lazy(() => import('../features/admin/layout/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminBannerList = lazy(() =>
  import('../features/admin/screens/banner-list-screen').then((m) => ({ default: m.BannerListScreen })),
);

/** The id the admin console's routes are patched under (app/route-discovery.ts). */
export const ADMIN_ROUTE_ID = 'admin';

export function named(name: RouteName): RouteHandle {
  return { name };
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeScreen />, handle: named(ROUTE_NAMES.home) },

          // Storefront issue (spec 2): shop chooser, store listings, catalog, search, product, sale.
          { path: 'shop', element: <ShopScreen />, handle: named(ROUTE_NAMES.shop) },
          { path: 'fabrics', element: <FabricsScreen />, handle: named(ROUTE_NAMES.fabricsStore) },
          { path: 'jewels', element: <JewelScreen />, handle: named(ROUTE_NAMES.jewelStore) },
          // The footer's 'Jewel' entry links to /jewel (spec 1 §2): the jewel store opens there too.
          { path: 'jewel', element: <JewelScreen />, handle: named(ROUTE_NAMES.jewelStore) },
          { path: 'catalog/:title', element: <CatalogScreen />, handle: named(ROUTE_NAMES.catalogView) },
          { path: 'search', element: <SearchScreen />, handle: named(ROUTE_NAMES.search) },
          { path: 'search/:id', element: <SearchResultsScreen />, handle: named(ROUTE_NAMES.searchQuery) },
          // Public on purpose (docs/decisions/0012-public-product-pages.md): no login guard.
          { path: 'product/:id/:title', element: <ProductScreen />, handle: named(ROUTE_NAMES.productDetail) },
          { path: 'sale/:tag', element: <SaleScreen />, handle: named(ROUTE_NAMES.sale) },

          // Wishlist issue (spec 2).
          {
            path: 'wishlist',
            element: (
              <RequireLogin>
                <WishlistScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.wishlist),
          },

          // Cart and checkout issue (spec 3): cart, order placement, payment verification.
          {
            path: 'cart',
            element: (
              <RequireLogin firstRead={cartFirstRead}>
                <CartScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.cart),
          },
          {
            path: 'place/order',
            element: (
              <RequireLogin>
                <PlaceOrderScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.orderPlace),
          },
          {
            path: 'verify/payment',
            element: (
              <RequireLogin>
                <VerifyPaymentScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.paymentVerify),
          },

          // Orders issue (spec 3): history and details of one or more orders (/orders/details/{id+}).
          {
            path: 'orders',
            element: (
              <RequireLogin firstRead={orderListFirstRead}>
                <MyOrdersScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.myOrders),
          },
          {
            path: 'orders/details/*',
            element: (
              <RequireLogin>
                <OrderDetailsScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.orderDetails),
          },
          // Ours: an order's GST tax invoice, printable, with its PDF (docs/decisions/0028).
          {
            path: 'orders/invoice/:id',
            element: (
              <RequireLogin>
                <InvoiceScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.orderInvoice),
          },

          // Accounts issue (spec 1): login, sign-up, password reset, profile.
          // The Google sign-in callback returns to /auth/login (src/features/auth/google.ts).
          { path: 'auth/login', element: <LoginScreen />, handle: named(ROUTE_NAMES.authLogin) },
          { path: 'auth/signup', element: <SignupScreen />, handle: named(ROUTE_NAMES.authSignup) },
          { path: 'auth/password/reset', element: <PasswordResetScreen />, handle: named(ROUTE_NAMES.authPasswordReset) },
          {
            path: 'profile',
            element: (
              <RequireLogin>
                <ProfileScreen />
              </RequireLogin>
            ),
            handle: named(ROUTE_NAMES.profile),
          },

          // Admin issue (spec 3 §2): the console under /admin, a layout behind the admin guard. The
          // layout and every screen are lazy chunks of the console's: the storefront never loads them.
          {
            id: ADMIN_ROUTE_ID,
            path: 'admin',
            element: (
              <RequireAdmin>
                <AdminLayout />
              </RequireAdmin>
            ),
            // Only the console's first screen is here; the rest of its route table (app/admin-routes.tsx)
            // is patched in on the first navigation under /admin (app/route-discovery.ts).
            children: [{ index: true, element: <AdminBannerList />, handle: named(ROUTE_NAMES.adminBanner) }],
          },

          // This issue: contact and the policy pages.
          { path: 'contact', element: <ContactScreen />, handle: named(ROUTE_NAMES.contact) },
          { path: 'terms', element: <TermsScreen />, handle: named(ROUTE_NAMES.terms) },
          { path: 'privacy', element: <PrivacyScreen />, handle: named(ROUTE_NAMES.privacy) },
          { path: 'shipping', element: <ShippingScreen />, handle: named(ROUTE_NAMES.shipping) },
          { path: 'returns', element: <ReturnsScreen />, handle: named(ROUTE_NAMES.returns) },

          { path: '*', element: <NotFoundScreen />, handle: named(ROUTE_NAMES.notFound) },
        ],
      },
    ],
  },
];
