import type { IndianState } from '@ssd/shared/addresses';

/**
 * The GST state codes (the first two digits of a GSTIN, printed beside the place of supply) of the 36
 * states and union territories of @ssd/shared/addresses. Dadra and Nagar Haveli and Daman and Diu file
 * under 26 since the two territories merged (25 is no longer issued); Ladakh under 38.
 */
export const GST_STATE_CODES: Readonly<Record<IndianState, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** A state's code, or '' for a name outside the list (an address stored before the list was enforced). */
export function gstStateCode(state: string): string {
  return (GST_STATE_CODES as Record<string, string>)[state] ?? '';
}
