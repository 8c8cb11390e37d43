/**
 * The home page's banners and the running sale: titles, links and the pictures drawn for them (no
 * words in the pictures: the storefront shows the title as text over them).
 * Colours follow the catalogue's palette (maroon, emerald, peacock blue, rani pink, saffron).
 */
import { FESTIVE_SALE, type ImageSpec, type Palette } from './catalogue';

export interface BannerDef {
  title: string;
  link: string | null;
  isactive: boolean;
  /** Background colours. */
  palette: Palette;
  /** One to three product drawings shown as framed cards. */
  art: readonly ImageSpec[];
}

const art = (kind: ImageSpec['kind'], style: string, base: string, accent: string, motif: string, seed: number): ImageSpec => ({
  kind,
  style,
  palette: { base, accent, motif },
  seed,
});

export const BANNERS: readonly BannerDef[] = [
  {
    title: 'The Wedding Silk Edit',
    link: '/catalog/Sarees',
    isactive: true,
    palette: { base: '#6d1a26', accent: '#d4a537', motif: '#f3d27a' },
    art: [
      art('saree', 'temple-border', '#0f6b4f', '#d4a537', '#7b1e2b', 101),
      art('saree', 'brocade', '#d1246f', '#d4a537', '#ffd166', 102),
      art('saree', 'paithani', '#1f3f99', '#d4a537', '#2ec4b6', 103),
    ],
  },
  {
    title: 'Bridal Lehengas',
    link: '/catalog/Lehengas',
    isactive: true,
    palette: { base: '#3a0d1e', accent: '#e0b84c', motif: '#ffd700' },
    art: [art('lehenga', 'bridal', '#b3121d', '#d4a537', '#ffd700', 104), art('lehenga', 'festive', '#a3125f', '#d4a537', '#ffb3d1', 105)],
  },
  {
    title: 'Temple & Kundan Jewellery',
    link: '/catalog/Necklaces',
    isactive: true,
    palette: { base: '#0b3d30', accent: '#d4a537', motif: '#e9c46a' },
    art: [art('necklace', 'temple', '#7a1020', '#d4a537', '#c2183a', 106), art('necklace', 'kundan', '#13294b', '#d4a537', '#1f9e6e', 107)],
  },
  {
    title: 'Jhumkas & Chandbalis',
    link: '/catalog/Earrings',
    isactive: true,
    palette: { base: '#0e4f6b', accent: '#f2c14e', motif: '#2ec4b6' },
    art: [art('earrings', 'jhumka', '#4a1538', '#d4a537', '#e75a9b', 108), art('earrings', 'chandbali', '#2c1b47', '#d4a537', '#e63946', 109)],
  },
  {
    title: 'Everyday Chikankari',
    link: null,
    isactive: true,
    palette: { base: '#2e5e4e', accent: '#f4ead2', motif: '#8fd3b6' },
    art: [art('suit', 'chikankari', '#8fd3b6', '#d4a537', '#ffffff', 110), art('suit', 'patiala', '#e6b800', '#c2185b', '#2e7d32', 111)],
  },
  {
    title: 'Monsoon Handlooms',
    link: '/fabrics',
    isactive: false,
    palette: { base: '#2b2f77', accent: '#c9ccd1', motif: '#9ec5ff' },
    art: [art('saree', 'linen', '#127a7a', '#c9ccd1', '#ffcf56', 112), art('saree', 'checks', '#9b8ac4', '#c9ccd1', '#fbe7ff', 113)],
  },
];

export const SALE_BANNER: BannerDef = {
  title: FESTIVE_SALE.sale_name,
  link: `/sale/${FESTIVE_SALE.tag_name}`,
  isactive: true,
  palette: { base: '#b4361b', accent: '#ffd166', motif: '#f4a300' },
  art: [
    art('saree', 'bandhani', '#d1246f', '#d4a537', '#ffd166', 120),
    art('necklace', 'rani-haar', '#4a1538', '#d4a537', '#e63946', 121),
    art('lehenga', 'mirror', '#f08a00', '#8b1a1a', '#ffe08a', 122),
  ],
};
