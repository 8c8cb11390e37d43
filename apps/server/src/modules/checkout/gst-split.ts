/**
 * The place-of-supply split of GST (docs/decisions/0020-gst-and-fees.md): a delivery inside the seller's
 * state pays CGST and SGST, half each (an odd paisa of a line goes to SGST); any other state pays IGST.
 */
export interface GstSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export function splitGst(lineGstPaise: readonly number[], deliveryState: string, sellerState: string): GstSplit {
  const total = lineGstPaise.reduce((sum, gst) => sum + gst, 0);
  if (deliveryState !== sellerState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: total };
  const cgstPaise = lineGstPaise.reduce((sum, gst) => sum + Math.floor(gst / 2), 0);
  return { cgstPaise, sgstPaise: total - cgstPaise, igstPaise: 0 };
}
