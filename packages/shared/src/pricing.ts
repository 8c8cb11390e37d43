/**
 * What a checkout costs, in integer paise, computed on the server (the client only shows it). Pure, so
 * the rules can be tested on their own: GST per line by the item's kind and unit price, then delivery,
 * platform fee and the payable amount (spec 3 §9: selling total + delivery + platform fee + GST).
 */

/** One GST rule: for `shop`, unit prices up to `upToUnitPricePaise` (null: no bound) pay `ratePercent`. */
export interface GstRule {
  shop: string;
  upToUnitPricePaise: number | null;
  ratePercent: number;
}

export interface Fees {
  /** Charged when the selling total is under `freeDeliveryFromPaise`. */
  deliveryChargePaise: number;
  freeDeliveryFromPaise: number;
  platformFeePaise: number;
}

export interface PricedLineInput {
  shop: string;
  unitPricePaise: number;
  /** The market price of one piece, or the selling price when there is none. */
  unitOriginalPricePaise: number;
  quantity: number;
}

export interface PricedLine {
  ratePercent: number;
  /** GST of the whole line, rounded half up to the paisa. */
  gstPaise: number;
}

export interface Totals {
  sellingPaise: number;
  originalPaise: number;
  gstPaise: number;
  deliveryChargePaise: number;
  platformFeePaise: number;
  payablePaise: number;
}

/** The rule for a unit price: the shop's rule with the smallest bound that is at least the price. */
export function gstRateFor(rules: readonly GstRule[], shop: string, unitPricePaise: number): number {
  let best: GstRule | null = null;
  for (const rule of rules) {
    if (rule.shop !== shop) continue;
    if (rule.upToUnitPricePaise !== null && unitPricePaise > rule.upToUnitPricePaise) continue;
    if (!best || bound(rule) < bound(best)) best = rule;
  }
  if (!best) throw new Error(`no GST rate covers ${shop} at ${unitPricePaise} paise`);
  return best.ratePercent;
}

function bound(rule: GstRule): number {
  return rule.upToUnitPricePaise ?? Number.POSITIVE_INFINITY;
}

/**
 * GST of `amountPaise` at `ratePercent` (two decimals at most), rounded half up to the paisa. Worked in
 * integers (rate in hundredths of a percent) so no floating-point drift can move a paisa.
 */
export function gstOf(amountPaise: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((amountPaise * basisPoints + 5_000) / 10_000);
}

export function priceLine(rules: readonly GstRule[], line: PricedLineInput): PricedLine {
  const ratePercent = gstRateFor(rules, line.shop, line.unitPricePaise);
  return { ratePercent, gstPaise: gstOf(line.unitPricePaise * line.quantity, ratePercent) };
}

export function totalsOf(lines: ReadonlyArray<PricedLineInput & PricedLine>, fees: Fees): Totals {
  let sellingPaise = 0;
  let originalPaise = 0;
  let gstPaise = 0;
  for (const line of lines) {
    sellingPaise += line.unitPricePaise * line.quantity;
    originalPaise += line.unitOriginalPricePaise * line.quantity;
    gstPaise += line.gstPaise;
  }
  const deliveryChargePaise = sellingPaise >= fees.freeDeliveryFromPaise ? 0 : fees.deliveryChargePaise;
  const platformFeePaise = fees.platformFeePaise;
  return {
    sellingPaise,
    originalPaise,
    gstPaise,
    deliveryChargePaise,
    platformFeePaise,
    payablePaise: sellingPaise + deliveryChargePaise + platformFeePaise + gstPaise,
  };
}
