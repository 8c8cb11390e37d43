/**
 * Demo reviews: a handful of reviewer accounts (no password, so nobody can sign in as them) and 3 to 8
 * reviews on 40 products, the same on every run (their own seeded generator, so the catalogue's
 * stream is untouched). Products the catalogue rates are the ones reviewed, with ratings around that
 * rating; items.rating then follows the reviews (database trigger, migration 0004).
 */
import type { ProductKind, SeedProduct } from './catalogue';
import { Random } from './random';

export interface ReviewerDef {
  name: string;
  email: string;
}

/** One has no name: the product page shows 'Customer' for them. */
export const REVIEWERS: readonly ReviewerDef[] = [
  { name: 'Priya S.', email: 'priya.s@reviewers.example.com' },
  { name: 'Anjali Mehta', email: 'anjali.mehta@reviewers.example.com' },
  { name: 'Rohit Verma', email: 'rohit.verma@reviewers.example.com' },
  { name: 'Kavya Nair', email: 'kavya.nair@reviewers.example.com' },
  { name: 'Meera Iyer', email: 'meera.iyer@reviewers.example.com' },
  { name: 'Sneha Kulkarni', email: 'sneha.kulkarni@reviewers.example.com' },
  { name: 'Farah Khan', email: 'farah.khan@reviewers.example.com' },
  { name: '', email: 'customer@reviewers.example.com' },
];

export const REVIEWED_PRODUCTS = 40;
export const REVIEWS_PER_PRODUCT: readonly [number, number] = [3, 8];

const BY_KIND: Record<ProductKind, readonly string[]> = {
  saree: [
    'Beautiful saree, the zari work is even better in person.',
    'Wore it for my cousin’s wedding and got so many compliments.',
    'Fabric is soft and drapes nicely. Blouse piece was a good length.',
    'Colour is a shade darker than the photo, but still lovely.',
    'Value for money. Fall and pico done locally for ₹150.',
  ],
  suit: [
    'Stitching is neat and the dupatta is really pretty.',
    'Fits true to size. Comfortable for a full day at the office.',
    'Material is good, slight colour bleed in the first wash so wash separately.',
    'Perfect for Diwali puja, my mother loved it.',
  ],
  lehenga: [
    'Heavy embroidery, looks very rich. Worth the price.',
    'Wore it for my sangeet, everyone asked where I bought it from!',
    'Can-can gives good flare. Blouse needed small alterations.',
    'Gorgeous lehenga but quite heavy, plan accordingly.',
  ],
  necklace: [
    'Looks like real gold, nobody could tell the difference.',
    'Lovely finish and the earrings match perfectly.',
    'Came in a nice box, gifted it to my sister. She loved it.',
    'Stones are well set. Dori is a bit short but adjustable.',
  ],
  earrings: [
    'Lightweight jhumkas, can wear them all day without pain.',
    'So pretty! Exactly like the picture.',
    'Good quality for the price. Screw backs are secure.',
    'Slightly smaller than I expected but very cute.',
  ],
  bracelet: [
    'Fits my wrist well, the clasp is sturdy.',
    'Shines beautifully, goes with both ethnic and western wear.',
    'Nice finish, no tarnish after a month of use.',
    'Bought a pair for Karwa Chauth, very happy with them.',
  ],
};

const GENERAL = [
  'Delivery was quick and the packing was good.',
  'Exactly as shown. Will order again.',
  'Good product, reasonable price.',
  'Nice, but delivery took a little longer than promised.',
  'Quality is okay for the price.',
];

const LOW = ['Not as expected, the finish could be better.', 'Colour was quite different from the photo. Disappointed.'];

const KIND_OF_CATALOG: Record<string, ProductKind> = {
  Sarees: 'saree',
  Suits: 'suit',
  Lehengas: 'lehenga',
  Necklaces: 'necklace',
  Earrings: 'earrings',
  Bracelets: 'bracelet',
};

export interface SeedReview {
  /** Index into the products list. */
  product: number;
  /** Index into REVIEWERS. */
  reviewer: number;
  rating: number;
  review: string | null;
  /** How long before the seed ran it was written (after the product was added). */
  ageMinutes: number;
}

export function buildReviews(products: readonly SeedProduct[], seed = 20240918): SeedReview[] {
  const random = new Random(seed);
  const rated = products.map((product, index) => ({ product, index })).filter((entry) => entry.product.rating !== null);
  const chosen = random.sample(rated, REVIEWED_PRODUCTS).sort((a, b) => a.index - b.index);
  const reviews: SeedReview[] = [];
  for (const { product, index } of chosen) {
    const target = product.rating ?? 4.3;
    const count = random.int(REVIEWS_PER_PRODUCT[0], REVIEWS_PER_PRODUCT[1]);
    const reviewers = random.sample(REVIEWERS.map((_, i) => i), count);
    const texts = BY_KIND[KIND_OF_CATALOG[product.catalog] ?? 'saree'];
    for (const reviewer of reviewers) {
      const rating = Math.min(5, Math.max(1, Math.round(target + random.between(-1.3, 1.1))));
      const roll = random.float();
      const review = rating <= 2 ? random.pick(LOW) : roll < 0.6 ? random.pick(texts) : roll < 0.85 ? random.pick(GENERAL) : null;
      reviews.push({ product: index, reviewer, rating, review, ageMinutes: random.int(10, Math.max(20, Math.floor(product.ageMinutes * 0.9))) });
    }
  }
  return reviews;
}
