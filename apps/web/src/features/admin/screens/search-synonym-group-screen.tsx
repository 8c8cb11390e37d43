import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { putSynonymGroup, synonymGroupsQueryOptions, synonymKeys, type SynonymGroup } from '../api/search-synonyms';
import { AdminHeader, AdminNoData } from '../components/admin-states';
import { CARD, FormActions } from '../components/form-parts';
import { RecordStates } from '../components/query-states';
import { useConfirmedSubmit } from '../components/use-confirmed-submit';
import { SYNONYMS_PATH } from '../lib/synonym-paths';
import { checkSynonymWords, MAX_GROUP_WORDS } from '../lib/synonym-words';
import { useAdminWrite } from '../lib/use-admin-write';

export const SYNONYM_GROUP_TEXT = {
  addTitle: 'Add Synonym Group',
  updateTitle: 'Edit Synonym Group',
  wordsLabel: 'Words',
  wordsHint: `Spellings of one word, separated by commas (2 to ${MAX_GROUP_WORDS}). The first names the group.`,
  saved: 'Synonyms saved',
  failed: 'Failed to save synonyms',
  listFailed: 'Failed to get search synonyms',
} as const;

/**
 * A group's form: its words in one field. Problems the form can see show under the field; the
 * server's refusal of a word another group holds (409) shows there too, besides its toast.
 */
function SynonymGroupForm({ group }: { group?: SynonymGroup }) {
  const initial = group ? group.words.join(', ') : '';
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const navigate = useNavigate();
  const adding = group === undefined;
  const save = useAdminWrite({
    write: (words: string[]) => putSynonymGroup(adding ? { words } : { group: group.group, words }),
    success: SYNONYM_GROUP_TEXT.saved,
    failure: SYNONYM_GROUP_TEXT.failed,
    invalidates: [synonymKeys.all()],
    onSaved: () => void navigate(SYNONYMS_PATH, { replace: !adding }),
  });
  const { onSubmit, dialog, busy } = useConfirmedSubmit({
    title: adding ? 'Add this synonym group?' : 'Save changes to this synonym group?',
    confirmLabel: 'Save',
    check: () => {
      const checked = checkSynonymWords(text);
      setError(checked.ok ? undefined : checked.error);
      return checked.ok ? checked.words : null;
    },
    save: async (words) => {
      try {
        await save.mutateAsync(words);
      } catch (failure) {
        if (failure instanceof ApiError && !failure.network && failure.status < 500) setError(failure.message);
        throw failure;
      }
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={adding ? 'Add synonym group' : 'Edit synonym group'} className={`${CARD} space-y-4`}>
      <div>
        <TextField
          label={SYNONYM_GROUP_TEXT.wordsLabel}
          name="words"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error}
          placeholder="jhumka, jhumki, jumka"
          autoComplete="off"
          required
        />
        <p className="mt-1 text-sm text-muted">{SYNONYM_GROUP_TEXT.wordsHint}</p>
      </div>
      <FormActions
        submitLabel={adding ? 'Add Group' : 'Save'}
        busy={busy}
        onReset={() => {
          setText(initial);
          setError(undefined);
        }}
      />
      {dialog}
    </form>
  );
}

/** The group named by ?group=, read from the list (there is no read of one group); 404 when it is not there. */
function useGroup(name: string) {
  const query = useQuery({ ...synonymGroupsQueryOptions(), enabled: name !== '' });
  const group = query.data?.find((entry) => entry.group === name);
  const missing = query.isSuccess && group === undefined;
  return { query, group, missing };
}

/** /admin/search-synonyms/add */
export function AddSynonymGroupScreen() {
  useDocumentTitle(SYNONYM_GROUP_TEXT.addTitle);
  return (
    <section>
      <AdminHeader title={SYNONYM_GROUP_TEXT.addTitle} />
      <SynonymGroupForm />
    </section>
  );
}

/** /admin/search-synonyms/update?group={name} */
export function UpdateSynonymGroupScreen() {
  useDocumentTitle(SYNONYM_GROUP_TEXT.updateTitle);
  const name = useSearchParams()[0].get('group')?.trim() ?? '';
  const { query, group, missing } = useGroup(name);
  return (
    <section>
      <AdminHeader title={SYNONYM_GROUP_TEXT.updateTitle} />
      {name === '' || missing ? (
        <AdminNoData>{M.noRelatedData}</AdminNoData>
      ) : (
        <RecordStates query={query} failedTitle={SYNONYM_GROUP_TEXT.listFailed}>
          {() => (group ? <SynonymGroupForm key={group.words.join(',')} group={group} /> : null)}
        </RecordStates>
      )}
    </section>
  );
}
