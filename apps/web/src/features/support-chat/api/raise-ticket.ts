import { useMutation } from '@tanstack/react-query';
import type { SupportIssueType } from '@ssd/shared/support';
import { apiRequest } from '../../../lib/api-client';
import { supportChatMutationKeys } from './keys';

export const SUPPORT_REQUEST_PATH = '/api/order/support';

/** The body of POST /api/order/support (spec 3 §7; supportRequestSchema of @ssd/shared/orders). */
export interface TicketRequest {
  order_id: string;
  issue_type: SupportIssueType;
  message: string;
}

/**
 * POST /api/order/support {order_id, issue_type, message} → data.id (spec 1 §7). Answers the ticket id,
 * or null when the answer has none (spec 1 §8: the created message shows the id 'if present'). A -2 is
 * the chat's to handle.
 */
export async function raiseTicket(request: TicketRequest): Promise<number | null> {
  const { data } = await apiRequest<{ id?: unknown } | null>('POST', SUPPORT_REQUEST_PATH, request, { ignoreLoginNeeded: true });
  return data && Number.isInteger(data.id) ? (data.id as number) : null;
}

export function useRaiseTicket() {
  return useMutation({ mutationKey: supportChatMutationKeys.raiseTicket, mutationFn: raiseTicket });
}
