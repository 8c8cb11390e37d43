import { STORE_NAME } from '@ssd/shared/constants';
import { gstStateCode } from './gst-state-codes';

/**
 * Who sells, as every GST invoice must say (configuration: SELLER_NAME, SELLER_ADDRESS, SELLER_GSTIN and
 * the checkout's SELLER_STATE). The defaults are a demo seller, whose GSTIN is made up (valid in form,
 * belonging to nobody); a real store sets its own.
 */
export interface SellerSettings {
  name: string;
  /** Printed lines of the address, top to bottom (SELLER_ADDRESS separates them with ';'). */
  address: string[];
  /** 15 characters: state code, PAN, entity number, 'Z', check character. */
  gstin: string;
  /** The seller's state (SELLER_STATE), which decides CGST + SGST or IGST. */
  state: string;
}

export const DEMO_SELLER_NAME = `${STORE_NAME} Demo Traders`;
export const DEMO_SELLER_ADDRESS = ['No. 12, Commercial Street', 'Bengaluru 560001'];
/** The made-up PAN of the demo seller's GSTIN. */
const DEMO_PAN = 'AAAAA0000A';

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0–9, A–Z as 10–35) is
 * multiplied by 1 and 2 in turn, the product's base-36 digits are added, and the check makes the sum
 * a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The demo seller's GSTIN in a state: the state's code, a made-up PAN, and a correct check character. */
export function demoGstin(state: string): string {
  const first14 = `${gstStateCode(state) || '29'}${DEMO_PAN}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Why a GSTIN can't be the seller's in `state`, or null when it can. */
export function gstinProblem(gstin: string, state: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'it is not 15 characters of the form 29ABCDE1234F1Z5';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'its last (check) character does not match the others';
  const code = gstStateCode(state);
  if (gstin.slice(0, 2) !== code) return `it starts with ${gstin.slice(0, 2)}, but SELLER_STATE ${state} has the state code ${code}`;
  return null;
}

export function defaultSeller(state: string): SellerSettings {
  return { name: DEMO_SELLER_NAME, address: [...DEMO_SELLER_ADDRESS], gstin: demoGstin(state), state };
}
