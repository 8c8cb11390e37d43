/** Support request issue types and statuses (spec 3 §5): the one source for the server's checks and the screens. */

export const SUPPORT_ISSUE_LABELS = {
  delivery: 'Delivery',
  payment: 'Payment',
  quality: 'Quality',
  missing_item: 'Missing item',
  wrong_item: 'Wrong item',
  return: 'Return/Exchange',
  other: 'Other',
} as const;
export type SupportIssueType = keyof typeof SUPPORT_ISSUE_LABELS;
export const SUPPORT_ISSUE_TYPES = Object.keys(SUPPORT_ISSUE_LABELS) as [SupportIssueType, ...SupportIssueType[]];
/** The issue type the Order Support dialog starts with (spec 3 §5). */
export const DEFAULT_SUPPORT_ISSUE_TYPE: SupportIssueType = 'delivery';

/** A request's life at the store: opened by the shopper, worked on and closed by staff (the admin issue). */
export const SUPPORT_STATUS_LABELS = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
} as const;
export type SupportStatus = keyof typeof SUPPORT_STATUS_LABELS;
export const SUPPORT_STATUSES = Object.keys(SUPPORT_STATUS_LABELS) as [SupportStatus, ...SupportStatus[]];
