/**
 * The demo catalogue as data: the shops, the six catalogs, and product templates ("varieties") by
 * kind with their name, price range, tags, bullet points and sizes. `buildCatalogue` turns them into
 * concrete products with one seeded generator, so every run gives the same catalogue.
 */
import { Random } from './random';

export type ShopValue = 'fabrics' | 'jewel';
export type ProductKind = 'saree' | 'suit' | 'lehenga' | 'necklace' | 'earrings' | 'bracelet';

export const SHOPS: readonly { value: ShopValue; title: string }[] = [
  { value: 'fabrics', title: 'Fabrics' },
  { value: 'jewel', title: 'Jewel' },
];

export interface CatalogDef {
  title: string;
  shop: ShopValue;
  kind: ProductKind;
  /** Higher comes first in the admin's ordering. */
  priority: number;
  /** How many products the seed makes in this catalog. */
  count: number;
  /** The catalog's picture: a motif of the category. */
  cover: ImageSpec;
  /**
   * The HSN heading printed on GST invoices for its products (configuration, like the GST table): silk
   * fabrics 5007, women's suits and ensembles 6204, jewellery of precious metal 7113.
   */
  hsnCode: string;
}

const cover = (kind: ProductKind, style: string, base: string, accent: string, motif: string, seed: number): ImageSpec => ({
  kind,
  style,
  palette: { base, accent, motif },
  seed,
});

export const CATALOGS: readonly CatalogDef[] = [
  { title: 'Sarees', shop: 'fabrics', kind: 'saree', priority: 60, count: 24, cover: cover('saree', 'brocade', '#7b1e2b', '#d4a537', '#f3d27a', 11), hsnCode: '5007' },
  { title: 'Suits', shop: 'fabrics', kind: 'suit', priority: 50, count: 16, cover: cover('suit', 'anarkali', '#0e5e7e', '#d4a537', '#2ec4b6', 12), hsnCode: '6204' },
  { title: 'Lehengas', shop: 'fabrics', kind: 'lehenga', priority: 40, count: 12, cover: cover('lehenga', 'bridal', '#b3121d', '#d4a537', '#ffd700', 13), hsnCode: '6204' },
  { title: 'Necklaces', shop: 'jewel', kind: 'necklace', priority: 30, count: 16, cover: cover('necklace', 'kundan', '#0c4a3a', '#d4a537', '#c2183a', 14), hsnCode: '7113' },
  { title: 'Earrings', shop: 'jewel', kind: 'earrings', priority: 20, count: 16, cover: cover('earrings', 'jhumka', '#5b1530', '#d4a537', '#1f9e6e', 15), hsnCode: '7113' },
  { title: 'Bracelets', shop: 'jewel', kind: 'bracelet', priority: 10, count: 12, cover: cover('bracelet', 'bangles', '#13294b', '#d4a537', '#c2183a', 16), hsnCode: '7113' },
];

/** Every tag the seed uses. Tags are free text in the store; the demo keeps to this list. */
export const TAG_VOCABULARY = [
  'silk', 'cotton', 'linen', 'organza', 'georgette', 'velvet', 'handloom', 'zari', 'embroidered',
  'party', 'bridal', 'wedding', 'festive', 'casual', 'office-wear', 'lightweight', 'trending', 'new',
  'gold-plated', 'kundan', 'temple', 'polki', 'pearl', 'oxidised', 'meenakari', 'american-diamond',
  'gift', 'festive-sale',
] as const;
export type Tag = (typeof TAG_VOCABULARY)[number];

export const TRENDING_TAG: Tag = 'trending';
export const NEW_TAG: Tag = 'new';
/** Items younger than this carry the 'new' tag. */
export const NEW_FOR_DAYS = 15;

export const FESTIVE_SALE = {
  sale_name: 'Festive Sale',
  tag_name: 'festive-sale' satisfies Tag,
  /** The sale started yesterday and ends in a month, counted from the moment the seed runs. */
  startedDaysAgo: 1,
  endsInDays: 30,
  itemCount: 14,
  /**
   * The sale's markdowns in percent, given to its items in turn: the deepest one is what the sale
   * page's 'Up to N% off' reads from the items (apps/web sale page), so it is never a claim the prices
   * do not bear out.
   */
  discountsPercent: [40, 35, 30, 25, 20],
} as const;

export const TRENDING_COUNT = 15;
export const OUT_OF_STOCK_COUNT = 6;
export const LOW_STOCK_COUNT = 10;
/** Products are created over this many days before the seed runs. */
export const CREATED_WITHIN_DAYS = 90;

/** Colours of the artwork: a main colour, an accent (zari, stones) and a second motif colour. */
export interface Palette {
  base: string;
  accent: string;
  motif: string;
}

export interface ImageSpec {
  kind: ProductKind;
  style: string;
  palette: Palette;
  /** Seeds the artwork's own generator: same product, same picture. */
  seed: number;
}

interface Colour {
  name: string;
  palette: Palette;
}

const GOLD = '#d4a537';
const SILVER = '#c9ccd1';
const ROSE = '#d9a38b';

/** Fabric colours, named as Indian shops name them. */
const FABRIC_COLOURS: readonly Colour[] = [
  { name: 'Maroon', palette: { base: '#7b1e2b', accent: GOLD, motif: '#f3d27a' } },
  { name: 'Rani Pink', palette: { base: '#d1246f', accent: GOLD, motif: '#ffd166' } },
  { name: 'Emerald Green', palette: { base: '#0f6b4f', accent: GOLD, motif: '#e9c46a' } },
  { name: 'Peacock Blue', palette: { base: '#0e5e7e', accent: GOLD, motif: '#2ec4b6' } },
  { name: 'Saffron', palette: { base: '#f08a00', accent: '#8b1a1a', motif: '#ffe08a' } },
  { name: 'Mustard Yellow', palette: { base: '#d9a404', accent: '#7b1e2b', motif: '#fff1c1' } },
  { name: 'Royal Blue', palette: { base: '#1f3f99', accent: GOLD, motif: '#9ec5ff' } },
  { name: 'Wine', palette: { base: '#5b1530', accent: GOLD, motif: '#e8b4c8' } },
  { name: 'Bottle Green', palette: { base: '#0b4a36', accent: '#e0b84c', motif: '#b5e48c' } },
  { name: 'Ivory', palette: { base: '#f4ead2', accent: GOLD, motif: '#b5651d' } },
  { name: 'Magenta', palette: { base: '#a3125f', accent: GOLD, motif: '#ffb3d1' } },
  { name: 'Teal', palette: { base: '#127a7a', accent: SILVER, motif: '#ffcf56' } },
  { name: 'Coral', palette: { base: '#e8604c', accent: GOLD, motif: '#ffe3c2' } },
  { name: 'Lavender', palette: { base: '#9b8ac4', accent: SILVER, motif: '#fbe7ff' } },
  { name: 'Mint Green', palette: { base: '#8fd3b6', accent: GOLD, motif: '#ffffff' } },
  { name: 'Indigo', palette: { base: '#2b2f77', accent: SILVER, motif: '#f5f0e1' } },
  { name: 'Black', palette: { base: '#1b1b1f', accent: GOLD, motif: '#c0392b' } },
  { name: 'Onion Pink', palette: { base: '#e7a9a9', accent: GOLD, motif: '#8e3b46' } },
  { name: 'Rust', palette: { base: '#a84a1f', accent: '#f2c14e', motif: '#2e5e4e' } },
  { name: 'Turmeric Yellow', palette: { base: '#e6b800', accent: '#c2185b', motif: '#2e7d32' } },
  { name: 'Beige', palette: { base: '#d8c3a5', accent: GOLD, motif: '#6b4226' } },
  { name: 'Red', palette: { base: '#b3121d', accent: GOLD, motif: '#ffd700' } },
];

/** Stone and finish names for gold-toned jewellery. */
const GOLD_FINISHES: readonly Colour[] = [
  { name: 'Ruby Red', palette: { base: '#7a1020', accent: GOLD, motif: '#c2183a' } },
  { name: 'Emerald Green', palette: { base: '#0c4a3a', accent: GOLD, motif: '#1f9e6e' } },
  { name: 'Pearl White', palette: { base: '#3a2a4a', accent: GOLD, motif: '#f6f1e7' } },
  { name: 'Sapphire Blue', palette: { base: '#13294b', accent: GOLD, motif: '#2f5dd1' } },
  { name: 'Antique Gold', palette: { base: '#3d2418', accent: '#b8872b', motif: '#7a1020' } },
  { name: 'Pink Meenakari', palette: { base: '#4a1538', accent: GOLD, motif: '#e75a9b' } },
  { name: 'Mint Green', palette: { base: '#1d4a45', accent: GOLD, motif: '#8fe3c5' } },
  { name: 'Multicolour', palette: { base: '#2c1b47', accent: GOLD, motif: '#e63946' } },
  { name: 'Champagne', palette: { base: '#4a3426', accent: ROSE, motif: '#f3e0c7' } },
  { name: 'Purple Amethyst', palette: { base: '#2a1640', accent: GOLD, motif: '#8e44ad' } },
  { name: 'Firozi', palette: { base: '#123e4a', accent: GOLD, motif: '#2ec4b6' } },
];

/** Finishes for oxidised silver pieces. */
const SILVER_FINISHES: readonly Colour[] = [
  { name: 'Oxidised Silver', palette: { base: '#23262b', accent: '#9aa0a6', motif: '#5a6068' } },
  { name: 'Turquoise', palette: { base: '#1d2b30', accent: '#a7adb3', motif: '#30c5c5' } },
  { name: 'Black Onyx', palette: { base: '#2e2b28', accent: '#b7bcc2', motif: '#111111' } },
  { name: 'Coral Stone', palette: { base: '#2b2424', accent: '#a9afb5', motif: '#e8604c' } },
  { name: 'Mirror Work', palette: { base: '#222a33', accent: '#b0b6bc', motif: '#dfe6ee' } },
];

/** Finishes for white-stone (American diamond, zircon) pieces. */
const STONE_FINISHES: readonly Colour[] = [
  { name: 'Silver Tone', palette: { base: '#1e2433', accent: SILVER, motif: '#eef3ff' } },
  { name: 'Rose Gold', palette: { base: '#3b2525', accent: ROSE, motif: '#fff4f0' } },
  { name: 'Gold Tone', palette: { base: '#2b2118', accent: GOLD, motif: '#fffaf0' } },
  { name: 'Emerald Zircon', palette: { base: '#0f2a24', accent: SILVER, motif: '#27ae60' } },
  { name: 'Ruby Zircon', palette: { base: '#2a1016', accent: SILVER, motif: '#e0115f' } },
];

type SizeFn = (random: Random) => string;

interface Variety {
  /** The product name after the colour, e.g. 'Banarasi Silk Saree'. */
  name: string;
  style: string;
  /** Price range in rupees. */
  price: readonly [number, number];
  tags: readonly Tag[];
  /** Tags of which one may be added. */
  optionalTags?: readonly Tag[];
  /** Bullets about the craft; one to three are used. */
  bullets: readonly string[];
  /** A bullet about the colour: {colour} is replaced by the colour name (lower-cased). */
  colourBullet: string;
  care: readonly string[];
  size: SizeFn;
  colours: readonly Colour[];
  /** Optional words after the name, picked at random. */
  suffixes?: readonly string[];
}

const pick = <T,>(random: Random, list: readonly T[]) => random.pick(list);

const SAREE_CARE = ['Dry clean only', 'Dry clean recommended; store wrapped in muslin', 'Gentle hand wash in cold water; dry in shade'];
const SUIT_CARE = ['Hand wash separately in cold water', 'Dry clean recommended', 'Machine wash gentle; do not bleach'];
const JEWEL_CARE = [
  'Keep away from perfume, water and moisture',
  'Store in the pouch provided, away from air',
  'Wipe with a soft dry cloth after use',
];

const sareeSize: SizeFn = (r) => {
  const length = pick(r, ['5.5', '5.5', '5.6', '5.3']);
  const blouse = pick(r, ['0.8', '0.8', '0.9', '1']);
  const width = pick(r, ['1.1', '1.15', '1.2']);
  return `Saree length ${length} m + ${blouse} m unstitched blouse piece; width ${width} m`;
};
const stitchedSuitSize: SizeFn = (r) =>
  `Stitched; sizes S (bust 36 in) to XXL (bust 44 in); kurta length ${pick(r, ['44', '46', '48'])} in; dupatta 2.25 m`;
const anarkaliSize: SizeFn = (r) =>
  `Semi-stitched; fits bust up to ${pick(r, ['42', '44', '46'])} in; kurta length ${pick(r, ['50', '52', '54'])} in; churidar 2.5 m; dupatta 2.3 m`;
const unstitchedSuitSize: SizeFn = (r) =>
  `Unstitched; top ${pick(r, ['2.5', '2.75'])} m, bottom ${pick(r, ['2.5', '3.5'])} m, dupatta 2.25 m`;
const lehengaSize: SizeFn = (r) =>
  `Semi-stitched; waist up to ${pick(r, ['38', '40', '42'])} in; length ${pick(r, ['42', '44'])} in; flare ${pick(r, ['3.5', '4', '5', '6'])} m; blouse 1 m unstitched; dupatta 2.5 m`;
const necklaceSize: SizeFn = (r) =>
  `Necklace length ${pick(r, ['14', '16', '18'])} in with adjustable dori; earrings ${pick(r, ['1.6', '2', '2.4'])} in drop`;
const chokerSize: SizeFn = (r) => `Choker ${pick(r, ['12', '13'])} in with adjustable dori; earrings ${pick(r, ['1.5', '1.8'])} in drop`;
const longNecklaceSize: SizeFn = (r) => `Long necklace ${pick(r, ['24', '26', '28', '30'])} in; weight about ${r.int(90, 180)} g`;
const earringSize: SizeFn = (r) => `Drop length ${pick(r, ['1.2', '1.6', '2', '2.4', '2.8'])} in; weight ${r.int(6, 24)} g per earring; push-back closure`;
const studSize: SizeFn = (r) => `Diameter ${pick(r, ['0.5', '0.6', '0.8', '1'])} in; screw-back closure`;
const bangleSize: SizeFn = (r) =>
  `Available in sizes 2.4, 2.6 and 2.8; set of ${pick(r, ['2', '4', '6', '8'])} bangles`;
const kadaSize: SizeFn = () => 'Openable with a screw; sizes 2.4, 2.6 and 2.8; width 1 in';
const cuffSize: SizeFn = () => 'Free size, adjustable; fits wrists 2.4 to 2.8';
const braceletSize: SizeFn = (r) => `Length ${pick(r, ['6.5', '7'])} in with a ${pick(r, ['1', '1.5'])} in extension chain`;

export const VARIETIES: Record<ProductKind, readonly Variety[]> = {
  saree: [
    {
      name: 'Banarasi Silk Saree', style: 'brocade', price: [6500, 28000],
      tags: ['silk', 'zari', 'handloom'], optionalTags: ['wedding', 'festive', 'bridal'],
      bullets: ['Pure Katan silk handwoven in Varanasi', 'Gold zari butas woven all over the body', 'Rich pallu with kadhua brocade', 'Silk Mark certified'],
      colourBullet: '{colour} body with a woven gold zari border', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
      suffixes: ['', 'with Zari Border', 'with Meenakari Buta'],
    },
    {
      name: 'Kanjeevaram Silk Saree', style: 'temple-border', price: [12000, 45000],
      tags: ['silk', 'zari', 'handloom'], optionalTags: ['bridal', 'wedding'],
      bullets: ['Pure mulberry silk from Kanchipuram', 'Contrast korvai border with temple motifs', 'Heavy pure zari pallu', 'Silk Mark certified'],
      colourBullet: '{colour} body with a contrast temple border', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
      suffixes: ['', 'with Temple Border'],
    },
    {
      name: 'Chanderi Cotton Saree', style: 'checks', price: [1800, 5500],
      tags: ['cotton', 'handloom', 'lightweight'], optionalTags: ['office-wear', 'casual'],
      bullets: ['Chanderi silk-cotton with a soft natural sheen', 'Woven zari checks and small nalferma butis', 'Light and breathable for summer days'],
      colourBullet: '{colour} with a fine gold zari check', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Patola Silk Saree', style: 'ikat', price: [9000, 38000],
      tags: ['silk', 'handloom'], optionalTags: ['wedding', 'festive'],
      bullets: ['Double ikat handwoven in Patan, Gujarat', 'Every thread is tie-dyed before weaving', 'Traditional narikunj and chhabdi bhat motifs'],
      colourBullet: '{colour} ground with multicolour ikat diamonds', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Bandhani Saree', style: 'bandhani', price: [2200, 8500],
      tags: ['georgette'], optionalTags: ['festive', 'party'],
      bullets: ['Hand tie-dyed bandhej from Jamnagar', 'Thousands of tiny knots make the dot pattern', 'Soft georgette that drapes easily', 'Gota patti border'],
      colourBullet: '{colour} with white and yellow bandhani dots', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Paithani Silk Saree', style: 'paithani', price: [8500, 32000],
      tags: ['silk', 'zari', 'handloom'], optionalTags: ['wedding', 'festive'],
      bullets: ['Handwoven in Yeola, Maharashtra', 'Muniya (parrot) and peacock motifs on the pallu', 'Oblique square zari border'],
      colourBullet: '{colour} body with a contrast pallu', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Organza Saree', style: 'organza', price: [2800, 9500],
      tags: ['organza', 'lightweight'], optionalTags: ['party', 'festive'],
      bullets: ['Sheer organza with hand-painted florals', 'Scalloped embroidered border', 'Feather-light drape'],
      colourBullet: '{colour} organza with pastel floral sprays', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
      suffixes: ['', 'with Floral Print'],
    },
    {
      name: 'Tussar Silk Saree', style: 'tussar', price: [3500, 14000],
      tags: ['silk', 'handloom'], optionalTags: ['office-wear', 'festive'],
      bullets: ['Wild tussar silk from Bhagalpur with a natural slub', 'Hand block-printed motifs', 'Matte golden sheen'],
      colourBullet: '{colour} block print on natural tussar', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Linen Saree', style: 'linen', price: [2000, 5500],
      tags: ['linen', 'lightweight'], optionalTags: ['office-wear', 'casual'],
      bullets: ['Pure linen with a silver zari tissue border', 'Crisp and breathable, easy to drape', 'Gets softer with every wash'],
      colourBullet: '{colour} linen with woven stripes', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Mysore Crepe Silk Saree', style: 'crepe', price: [5500, 16000],
      tags: ['silk'], optionalTags: ['office-wear', 'party'],
      bullets: ['Pure crepe silk from Mysuru with a soft fall', 'Slim gold zari border', 'Lustrous finish that resists creasing'],
      colourBullet: 'Solid {colour} with a gold border', care: SAREE_CARE, size: sareeSize, colours: FABRIC_COLOURS,
    },
  ],
  suit: [
    {
      name: 'Anarkali Suit', style: 'anarkali', price: [2800, 14000],
      tags: ['georgette', 'embroidered'], optionalTags: ['party', 'festive', 'wedding'],
      bullets: ['Floor-length flared Anarkali kurta', 'Zari and sequin embroidered yoke', 'Comes with churidar and net dupatta', 'Fully lined'],
      colourBullet: '{colour} with gold embroidery', care: SUIT_CARE, size: anarkaliSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Lucknowi Chikankari Kurta Set', style: 'chikankari', price: [2200, 9500],
      tags: ['cotton', 'embroidered'], optionalTags: ['casual', 'office-wear'],
      bullets: ['Hand-embroidered chikankari by artisans in Lucknow', 'Shadow work and phanda knots', 'Comes with palazzo and mulmul dupatta'],
      colourBullet: '{colour} with tone-on-tone thread work', care: SUIT_CARE, size: stitchedSuitSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Punjabi Patiala Suit', style: 'patiala', price: [1200, 3800],
      tags: ['cotton'], optionalTags: ['casual', 'festive'],
      bullets: ['Short kurta with a pleated patiala salwar', 'Phulkari embroidered dupatta', 'Soft cambric cotton'],
      colourBullet: '{colour} with a contrast phulkari dupatta', care: SUIT_CARE, size: unstitchedSuitSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Cotton Straight Suit', style: 'straight', price: [1200, 3200],
      tags: ['cotton'], optionalTags: ['office-wear', 'casual'],
      bullets: ['Hand block-printed cotton kurta', 'Straight pants with side pockets', 'Breathable for everyday wear'],
      colourBullet: '{colour} with an indigo block print', care: SUIT_CARE, size: stitchedSuitSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Sharara Suit', style: 'sharara', price: [3500, 12000],
      tags: ['georgette', 'embroidered'], optionalTags: ['party', 'wedding', 'festive'],
      bullets: ['Short kurti with flared sharara pants', 'Mirror and gota patti work', 'Comes with an organza dupatta'],
      colourBullet: '{colour} with gota detailing', care: SUIT_CARE, size: stitchedSuitSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Palazzo Suit', style: 'palazzo', price: [1600, 4500],
      tags: ['cotton'], optionalTags: ['casual', 'party'],
      bullets: ['A-line kurta with wide palazzo pants', 'Foil print on the yoke', 'Chiffon dupatta with lace edging'],
      colourBullet: '{colour} with a gold foil print', care: SUIT_CARE, size: stitchedSuitSize, colours: FABRIC_COLOURS,
    },
  ],
  lehenga: [
    {
      name: 'Bridal Lehenga', style: 'bridal', price: [45000, 120000],
      tags: ['bridal', 'wedding', 'velvet', 'embroidered'], optionalTags: ['zari'],
      bullets: ['Heavy zardozi and dabka hand embroidery', 'Can-can lining for a full flare', 'Double dupatta: net veil and velvet shawl', 'Made to measure blouse on request'],
      colourBullet: '{colour} velvet with antique gold work', care: SAREE_CARE, size: lehengaSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Festive Lehenga', style: 'festive', price: [8000, 28000],
      tags: ['georgette', 'embroidered'], optionalTags: ['festive', 'party'],
      bullets: ['Sequin and thread embroidery all over', 'Lightweight georgette skirt with a soft flare', 'Net dupatta with a scalloped border'],
      colourBullet: '{colour} with silver sequins', care: SAREE_CARE, size: lehengaSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Mirror Work Chaniya Choli', style: 'mirror', price: [4500, 15000],
      tags: ['cotton', 'embroidered'], optionalTags: ['festive'],
      bullets: ['Kutch mirror work and abhla embroidery', 'Twelve-kali skirt made for garba', 'Dupatta with tassels'],
      colourBullet: '{colour} with multicolour thread work', care: SUIT_CARE, size: lehengaSize, colours: FABRIC_COLOURS,
    },
    {
      name: 'Banarasi Silk Lehenga', style: 'brocade', price: [14000, 48000],
      tags: ['silk', 'zari'], optionalTags: ['wedding', 'festive'],
      bullets: ['Banarasi brocade skirt with zari jaal', 'Raw silk blouse with hand embroidery', 'Organza dupatta with a zari border'],
      colourBullet: '{colour} brocade with a gold jaal', care: SAREE_CARE, size: lehengaSize, colours: FABRIC_COLOURS,
    },
  ],
  necklace: [
    {
      name: 'Kundan Necklace Set', style: 'kundan', price: [2400, 12000],
      tags: ['kundan', 'gold-plated'], optionalTags: ['wedding', 'festive'],
      bullets: ['Kundan stones set in gold-plated brass', 'Meenakari enamel on the reverse', 'Matching earrings included'],
      colourBullet: '{colour} drops and beads', care: JEWEL_CARE, size: necklaceSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Temple Necklace', style: 'temple', price: [2800, 14000],
      tags: ['temple', 'gold-plated'], optionalTags: ['wedding', 'festive'],
      bullets: ['Lakshmi coin pendants in antique gold finish', 'Inspired by South Indian temple jewellery', 'Matching jhumkas included'],
      colourBullet: '{colour} stones on a matte gold base', care: JEWEL_CARE, size: longNecklaceSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Polki Choker', style: 'polki', price: [3500, 18000],
      tags: ['polki', 'gold-plated'], optionalTags: ['bridal', 'wedding'],
      bullets: ['Uncut polki-style stones with a mirror back', '22k gold plating on brass', 'Pearl hangings along the edge'],
      colourBullet: '{colour} beads between the polki', care: JEWEL_CARE, size: chokerSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Choker Necklace Set', style: 'choker', price: [1500, 6500],
      tags: ['gold-plated'], optionalTags: ['party', 'american-diamond'],
      bullets: ['Close-fitting choker with a flexible band', 'Hand-set stones', 'Matching studs included'],
      colourBullet: '{colour} stones', care: JEWEL_CARE, size: chokerSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Rani Haar', style: 'rani-haar', price: [4500, 22000],
      tags: ['gold-plated'], optionalTags: ['bridal', 'wedding'],
      bullets: ['Long layered necklace with three strands', 'Kundan pendant with pearl drops', 'Heirloom look for weddings'],
      colourBullet: '{colour} beads on every strand', care: JEWEL_CARE, size: longNecklaceSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Pearl Layered Necklace', style: 'pearl', price: [1800, 7500],
      tags: ['pearl'], optionalTags: ['party', 'office-wear', 'gift'],
      bullets: ['Shell pearls strung on silk thread', 'Two layers with a gold-plated clasp', 'Light enough to wear all day'],
      colourBullet: '{colour} accents between the pearls', care: JEWEL_CARE, size: necklaceSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Tribal Necklace', style: 'oxidised', price: [650, 2800],
      tags: ['oxidised'], optionalTags: ['casual', 'gift'],
      bullets: ['German silver with an oxidised finish', 'Handcrafted in Jaipur', 'Adjustable thread closure'],
      colourBullet: '{colour} detailing', care: JEWEL_CARE, size: necklaceSize, colours: SILVER_FINISHES,
    },
  ],
  earrings: [
    {
      name: 'Jhumka Earrings', style: 'jhumka', price: [450, 4500],
      tags: ['gold-plated'], optionalTags: ['festive', 'temple', 'gift'],
      bullets: ['Classic bell-shaped jhumkas', 'Pearl drops along the rim', 'Lightweight for long wear'],
      colourBullet: '{colour} stones on the stud', care: JEWEL_CARE, size: earringSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Chandbali Earrings', style: 'chandbali', price: [800, 6000],
      tags: ['gold-plated'], optionalTags: ['kundan', 'party', 'wedding'],
      bullets: ['Crescent-moon chandbalis', 'Kundan setting with pearl hangings', 'Gold-plated brass'],
      colourBullet: '{colour} stones and beads', care: JEWEL_CARE, size: earringSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Stud Earrings', style: 'studs', price: [450, 2500],
      tags: ['american-diamond'], optionalTags: ['office-wear', 'casual', 'gift'],
      bullets: ['Flower-shaped studs with sparkling zircons', 'Hypoallergenic, nickel-free', 'Everyday comfort'],
      colourBullet: '{colour} finish', care: JEWEL_CARE, size: studSize, colours: STONE_FINISHES,
    },
    {
      name: 'Jhumki', style: 'jhumka', price: [450, 1600],
      tags: ['oxidised'], optionalTags: ['casual', 'gift'],
      bullets: ['Oxidised German silver jhumkis', 'Ghungroo beads that chime softly', 'Handcrafted in Jaipur'],
      colourBullet: '{colour} detailing', care: JEWEL_CARE, size: earringSize, colours: SILVER_FINISHES,
    },
    {
      name: 'Hoop Bali Earrings', style: 'hoops', price: [600, 3200],
      tags: ['gold-plated'], optionalTags: ['party', 'casual'],
      bullets: ['Round balis with filigree work', 'Hinged closure', 'Light enough for every day'],
      colourBullet: '{colour} beads on the hoop', care: JEWEL_CARE, size: earringSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Kundan Drop Earrings', style: 'danglers', price: [1200, 5500],
      tags: ['kundan', 'gold-plated'], optionalTags: ['party', 'festive'],
      bullets: ['Long kundan danglers', 'Meenakari on the back', 'Ear chains included'],
      colourBullet: '{colour} drops', care: JEWEL_CARE, size: earringSize, colours: GOLD_FINISHES,
    },
  ],
  bracelet: [
    {
      name: 'Bangle Set', style: 'bangles', price: [900, 6500],
      tags: ['gold-plated'], optionalTags: ['festive', 'wedding', 'meenakari'],
      bullets: ['Gold-plated brass bangles with a high polish', 'Stone-studded and plain bangles mixed', 'Comes in a velvet box'],
      colourBullet: '{colour} stones', care: JEWEL_CARE, size: bangleSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Kada', style: 'kada', price: [1200, 7500],
      tags: ['gold-plated'], optionalTags: ['kundan', 'temple', 'wedding'],
      bullets: ['Broad kada with a screw opening', 'Hand-set stones all around', 'Antique finish'],
      colourBullet: '{colour} stones', care: JEWEL_CARE, size: kadaSize, colours: GOLD_FINISHES,
    },
    {
      name: 'Cuff Bracelet', style: 'cuff', price: [700, 3800],
      tags: ['oxidised'], optionalTags: ['casual', 'party', 'gift'],
      bullets: ['Open cuff in German silver', 'Engraved floral pattern', 'Adjustable fit'],
      colourBullet: '{colour} accents', care: JEWEL_CARE, size: cuffSize, colours: SILVER_FINISHES,
    },
    {
      name: 'Tennis Bracelet', style: 'chain', price: [600, 4500],
      tags: ['american-diamond'], optionalTags: ['office-wear', 'party', 'gift'],
      bullets: ['A row of prong-set zircons', 'Box clasp with a safety lock', 'Rhodium plated; does not tarnish'],
      colourBullet: '{colour} finish', care: JEWEL_CARE, size: braceletSize, colours: STONE_FINISHES,
    },
  ],
};

/** A product ready to be written: money in paise, tags final, artwork described. */
export interface SeedProduct {
  title: string;
  /** For file names: 'maroon-banarasi-silk-saree'. */
  slug: string;
  shop: ShopValue;
  catalog: string;
  pricePaise: number;
  marketPricePaise: number | null;
  quantity: number;
  description: string;
  sizeDescription: string;
  tags: Tag[];
  rating: number | null;
  /** How long before the seed ran the product was added. */
  ageMinutes: number;
  /** 2 to 4 pictures. */
  imageCount: number;
  art: ImageSpec;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Shop-style rupee amounts: 449, 2,499, 18,999, 45,000. */
export function retailRupees(amount: number): number {
  if (amount < 1000) return Math.max(49, Math.round(amount / 50) * 50 - 1);
  if (amount < 10000) return Math.round(amount / 100) * 100 - 1;
  if (amount < 50000) return Math.round(amount / 500) * 500 - 1;
  return Math.round(amount / 1000) * 1000;
}

/** A pre-discount price above `rupees`, rounded the way shops print them. */
function marketRupees(rupees: number, random: Random): number {
  const raw = rupees * random.between(1.15, 1.65);
  const step = raw < 1000 ? 50 : raw < 10000 ? 100 : raw < 50000 ? 500 : 1000;
  return Math.max(rupees + step, Math.ceil(raw / step) * step);
}

const MINUTES_PER_DAY = 24 * 60;

/** The whole demo catalogue, the same on every call. */
export function buildCatalogue(seed = 20240917): SeedProduct[] {
  const random = new Random(seed);
  const products: SeedProduct[] = [];
  const usedTitles = new Set<string>();

  for (const catalog of CATALOGS) {
    const varieties = VARIETIES[catalog.kind];
    for (let n = 0; n < catalog.count; n++) {
      const variety = varieties[n % varieties.length] as Variety;
      let colour: Colour;
      let title: string;
      let attempts = 0;
      do {
        colour = random.pick(variety.colours);
        const suffix = variety.suffixes ? random.pick(variety.suffixes) : '';
        title = [colour.name, variety.name, suffix].filter(Boolean).join(' ');
        if (++attempts > 200) throw new Error(`cannot find a unique title for ${variety.name}`);
      } while (usedTitles.has(title));
      usedTitles.add(title);

      const rupees = retailRupees(random.between(variety.price[0], variety.price[1]));
      const marketRoll = random.float();
      const marketPricePaise =
        marketRoll < 0.7 ? marketRupees(rupees, random) * 100 : marketRoll < 0.85 ? rupees * 100 : null;

      const tags = new Set<Tag>(variety.tags);
      if (variety.optionalTags && random.chance(0.8)) tags.add(random.pick(variety.optionalTags));

      const craft = random.sample(variety.bullets, random.int(1, Math.min(3, variety.bullets.length)));
      const bullets = [
        ...craft,
        variety.colourBullet.replace('{colour}', colour.name.toLowerCase()),
        random.pick(variety.care),
      ];
      if (random.chance(0.35)) bullets.push(random.pick(GENERAL_BULLETS));
      // Capitalise the colour bullet when it starts with the colour.
      const description = bullets.map((b) => b.charAt(0).toUpperCase() + b.slice(1)).join('>');

      const ageMinutes = random.int(30, CREATED_WITHIN_DAYS * MINUTES_PER_DAY);
      if (ageMinutes < NEW_FOR_DAYS * MINUTES_PER_DAY) tags.add(NEW_TAG);

      products.push({
        title,
        slug: slugify(title),
        shop: catalog.shop,
        catalog: catalog.title,
        pricePaise: rupees * 100,
        marketPricePaise,
        quantity: 0, // assigned below
        description,
        sizeDescription: variety.size(random),
        tags: [...tags],
        rating: random.chance(0.6) ? Math.round(random.between(3.8, 4.9) * 10) / 10 : null,
        ageMinutes,
        imageCount: random.int(2, 4),
        art: { kind: catalog.kind, style: variety.style, palette: colour.palette, seed: Math.floor(random.float() * 2 ** 31) },
      });
    }
  }

  assignStock(products, random);
  tagSubset(products, random, TRENDING_TAG, TRENDING_COUNT);
  const onSale = tagSubset(products, random, FESTIVE_SALE.tag_name, FESTIVE_SALE.itemCount);
  // A sale item shows a struck-through price: its market price is its price before the markdown,
  // in whole rupees (rounded up, so the percent shown is never below the markdown).
  onSale.forEach((product, i) => {
    const off = FESTIVE_SALE.discountsPercent[i % FESTIVE_SALE.discountsPercent.length]!;
    product.marketPricePaise = Math.ceil(product.pricePaise / (1 - off / 100) / 100) * 100;
  });
  return products;
}

const GENERAL_BULLETS = [
  'Ships in 2 working days',
  'Colours may vary slightly from the photographs',
  'Gift wrapping available at checkout',
  'Easy 7-day returns',
];

/** Stock: a few sold out, a few running low, the rest 10 to 60 (expensive pieces fewer). */
function assignStock(products: SeedProduct[], random: Random): void {
  const order = random.shuffle(products.map((_, i) => i));
  order.forEach((index, position) => {
    const product = products[index] as SeedProduct;
    if (position < OUT_OF_STOCK_COUNT) product.quantity = 0;
    else if (position < OUT_OF_STOCK_COUNT + LOW_STOCK_COUNT) product.quantity = random.int(1, 9);
    else product.quantity = product.pricePaise > 2_000_000 ? random.int(10, 25) : random.int(10, 60);
  });
}

/** Tags `count` in-stock products, spread over the catalogs, with `tag`; returns them. */
function tagSubset(products: SeedProduct[], random: Random, tag: Tag, count: number): SeedProduct[] {
  const byCatalog = CATALOGS.map((c) => random.shuffle(products.filter((p) => p.catalog === c.title && p.quantity > 0)));
  const chosen: SeedProduct[] = [];
  for (let round = 0; chosen.length < count; round++) {
    let added = false;
    for (const list of byCatalog) {
      const product = list[round];
      if (product && chosen.length < count) {
        chosen.push(product);
        added = true;
      }
    }
    if (!added) break;
  }
  for (const product of chosen) if (!product.tags.includes(tag)) product.tags.push(tag);
  return chosen;
}
