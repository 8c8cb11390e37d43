import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSupportRequest, supportUpdateRequestSchema } from '@ssd/shared/admin-ops';
import type { z } from '@ssd/shared/zod';
import { apiRequest, type ApiSuccess } from '../../../lib/api-client';
import { pathPart } from './admin-read';
import { ADMIN_SUPPORT_PATH } from './get-support-queue';
import { adminOpsKeys, adminOpsMutationKeys } from './keys';

/** What is sent: the trimmed reply and/or the status, as supportUpdateRequestSchema leaves them. */
export type SupportUpdateToSend = z.output<typeof supportUpdateRequestSchema>;

/** PATCH /api/admin/support/{id} {staff_reply?, status?} → the request as it now is. */
export function updateSupportRequest(id: number, update: SupportUpdateToSend): Promise<ApiSuccess<AdminSupportRequest>> {
  return apiRequest<AdminSupportRequest>('PATCH', `${ADMIN_SUPPORT_PATH}/${pathPart(id)}`, update);
}

/** The queue (every status filter) and the order screens (which show the order's request) are read again. */
export function useUpdateSupportRequest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminOpsMutationKeys.updateSupport(id),
    mutationFn: (update: SupportUpdateToSend) => updateSupportRequest(id, update),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminOpsKeys.support() }),
        client.invalidateQueries({ queryKey: adminOpsKeys.orders() }),
      ]),
  });
}
