import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { markContentChanged } from '../../../lib/content-client';
import type { AdminWriteResult } from '../api/admin-call';
import { STOREFRONT_ROOTS } from '../api/keys';

export interface AdminWriteOptions<V> {
  write: (variables: V) => Promise<AdminWriteResult>;
  /** The spec's success text, shown when the server sent none (e.g. 'Banner added successfully.'). */
  success: string;
  /** The spec's failure text, shown when the server sent no message (e.g. 'Failed to delete banner'). */
  failure: string;
  /** The admin reads this write changes (their key prefixes). */
  invalidates: readonly QueryKey[];
  onSaved?: (result: AdminWriteResult, variables: V) => void;
}

/**
 * An admin write (spec 3 §8 texts): a success toast, the failure's toast (the server's message, else
 * the spec's), and afterwards the admin reads it changes and this tab's storefront reads are read
 * afresh, past the browser's HTTP cache too (markContentChanged). The screens ask for confirmation before calling `mutate`.
 */
export function useAdminWrite<V>({ write, success, failure, invalidates, onSaved }: AdminWriteOptions<V>) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const toastFailure = useFailureToast();
  return useMutation({
    mutationFn: write,
    onSuccess: async (result, variables) => {
      showToast(result.message || success, 'success');
      // This browser's HTTP cache may hold storefront answers from before the write: revalidate them.
      markContentChanged();
      onSaved?.(result, variables);
      await Promise.all(
        [...invalidates, ...STOREFRONT_ROOTS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => toastFailure(error, { fallback: failure }),
  });
}
