import { useCallback } from 'react';
import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/ui/toast';
import { useFailureToast } from '../../components/ui/use-failure-toast';
import { apiRequest } from '../api-client';
import { asIdList } from '../api-data';
import { ApiError } from '../api-error';
import { isLoginNeeded } from '../failure-message';
import { useLoginGate } from '../use-login-gate';
import { idsStillWanted } from './get-cart-wishlist-ids';

/*
 * Adding a product to, or taking it from, a list of product ids the server keeps for the user (the
 * cart, the wishlist), as a TanStack mutation (docs/decisions/0022-web-data-layer.md):
 * - at once, the ids in the cache change (optimistic), so every button and the badge follow;
 * - the answer's id list then replaces them, and the list's other reads are invalidated;
 * - a refusal turns the change back and says why (the server's message, a warning for code 0);
 *   a -2 ends the session and goes to login; without an answer the outcome is unknown, so the
 *   ids are reloaded as well (and when they had not been loaded before the change).
 */

/**
 * A list's change call: PUT `paths.add` or POST `paths.remove` with `{ item_id }`, resolving to the
 * list's new ids (null if the answer lacks them). A -2 is left to the mutation (it ends the session
 * itself), and the write is sent with keepalive, so a reload right after the press does not cancel it
 * (decisions/0063).
 */
export function idListRequest(paths: { add: string; remove: string }) {
  return async (adding: boolean, itemId: number): Promise<number[] | null> => {
    const { data } = await apiRequest<unknown>(
      adding ? 'PUT' : 'POST',
      adding ? paths.add : paths.remove,
      { item_id: itemId },
      { ignoreLoginNeeded: true, keepalive: true },
    );
    return asIdList(data);
  };
}

/** A list's key factory (./session-keys.ts): its root and its ids. */
export interface IdListKeys {
  all: readonly unknown[];
  ids: () => readonly unknown[];
}

export interface IdListMutationConfig {
  itemId: number;
  keys: IdListKeys;
  /** The call; resolves to the list's new ids, or null when the answer did not carry them. */
  request: (adding: boolean, itemId: number) => Promise<number[] | null>;
  successText: (adding: boolean) => string;
  /** Shown when the server gave no message or could not be reached. */
  failureText: (adding: boolean) => string;
}

export const withId = (ids: readonly number[] | undefined, id: number): number[] =>
  ids?.includes(id) ? [...ids] : [...(ids ?? []), id];
export const withoutId = (ids: readonly number[] | undefined, id: number): number[] =>
  (ids ?? []).filter((each) => each !== id);

/** The changes of one product share a mutation key, so a second press waits for the first. */
const changeKey = (keys: IdListKeys, itemId: number) => [...keys.all, 'item', itemId];

/** Marks every read under the list's root stale, except its ids (which the answer just set). */
function invalidateOtherReads(client: QueryClient, keys: IdListKeys): Promise<void> {
  const idsHash = hashKey(keys.ids());
  return client.invalidateQueries({ queryKey: keys.all, predicate: (query) => query.queryHash !== idsHash });
}

export function useIdListMutation({ itemId, keys, request, successText, failureText }: IdListMutationConfig) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { sessionEnded } = useLoginGate();
  const move = (adding: boolean) => (ids: number[] | undefined) => (adding ? withId(ids, itemId) : withoutId(ids, itemId));

  const { mutateAsync, isPending } = useMutation({
    mutationKey: changeKey(keys, itemId),
    mutationFn: ({ adding }: { adding: boolean }) => request(adding, itemId),
    onMutate: async ({ adding }) => {
      // A load of the ids under way would overwrite the change when it lands.
      if (client.isFetching({ queryKey: keys.ids() }) > 0) await client.cancelQueries({ queryKey: keys.ids() });
      const known = client.getQueryData(keys.ids()) !== undefined;
      client.setQueryData<number[]>(keys.ids(), move(adding));
      return { known };
    },
    onSuccess: (ids, { adding }) => {
      showToast(successText(adding), 'success');
      // The session ended meanwhile: its ids are gone and must not come back.
      if (!idsStillWanted(client, keys.ids())) return;
      if (ids) client.setQueryData(keys.ids(), ids);
      else void client.invalidateQueries({ queryKey: keys.ids() });
      void invalidateOtherReads(client, keys);
    },
    onError: (error, { adding }, context) => {
      // Undo this change only: other products' changes may be under way.
      if (idsStillWanted(client, keys.ids())) client.setQueryData<number[]>(keys.ids(), move(!adding));
      if (isLoginNeeded(error)) {
        sessionEnded();
        return;
      }
      const text = failureText(adding);
      toastFromError(error, { fallback: text, offline: text });
      // Reload when the outcome is unknown, or when the list was not loaded before the change.
      const unknown = !(error instanceof ApiError) || error.network || !context?.known;
      if (unknown) void client.invalidateQueries({ queryKey: keys.ids() });
    },
  });

  /** Runs the change unless one for this product is already under way; true when the server agreed. */
  const change = useCallback(
    async (adding: boolean): Promise<boolean> => {
      if (client.isMutating({ mutationKey: changeKey(keys, itemId) }) > 0) return false;
      try {
        await mutateAsync({ adding });
        return true;
      } catch {
        return false;
      }
    },
    [client, keys, itemId, mutateAsync],
  );

  return { pending: isPending, change };
}
