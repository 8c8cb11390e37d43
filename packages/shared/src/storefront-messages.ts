/** Messages of the storefront calls (spec 2 §5, §8), kept free of zod so the browser's first load can use them. */
export const STOREFRONT_MESSAGES = {
  savedToWishlist: 'Saved to wishlist',
  removedFromWishlist: 'Removed from wishlist',
  wishlistLimit: 'Wishlist limit reached.',
  addedToCart: 'Added to cart',
  removedFromCart: 'Removed from cart',
  outOfStock: 'Product out of stock',
  loginForCart: 'Please login to add product to your cart.',
  loginForWishlist: 'Please login to add product to your wishlist.',
  productNotFound: 'Product not found',
} as const;
