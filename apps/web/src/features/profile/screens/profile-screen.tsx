import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Package } from 'lucide-react';
import { nameSchema } from '@ssd/shared/auth';
import { PASSWORD_MIN_LENGTH } from '@ssd/shared/constants';
import { Button } from '../../../components/ui/button';
import { useLoader } from '../../../components/ui/loader-overlay';
import { NAME_FIELD, TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFieldErrors } from '../../../components/ui/use-field-errors';
import { useFailureToast } from '../../../components/ui/use-failure-toast';
import { SCREENS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogout } from '../../../lib/use-logout';
import { profileKeys, useProfile, type Profile } from '../api/get-profile';
import { changePassword, updateProfileName } from '../api/update-profile';
import { AddressBook } from '../components/address-book';

export const FILL_PASSWORDS_MESSAGE = 'Please fill all password fields.';
export const NEW_PASSWORD_MISMATCH_MESSAGE = 'New password and confirm do not match.';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PROFILE_UPDATED_MESSAGE = 'Profile updated';

const CARD = 'rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm sm:p-6';

/** Name (editable) and e-mail (read-only), Save (spec 1 §2). A bad name is toasted and shown under the field. */
function AccountDetails({ profile }: { profile: Profile }) {
  const id = useId();
  const fields = useFieldErrors<'name'>();
  const [name, setName] = useState(profile.name);
  const [saving, setSaving] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();
  const { setUserName, userEmail } = useSession();
  const queryClient = useQueryClient();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = nameSchema.safeParse(name);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Please enter your name.';
      showToast(message, 'warning');
      fields.report('name', message);
      return;
    }
    setSaving(true);
    let message: string;
    try {
      message = await withLoader(updateProfileName(checked.data));
    } catch (error) {
      toastFromError(error);
      return;
    } finally {
      setSaving(false);
    }
    showToast(message || PROFILE_UPDATED_MESSAGE, 'success');
    setUserName(checked.data);
    setName(checked.data);
    queryClient.setQueryData<Profile>(profileKeys.me(userEmail), { ...profile, name: checked.data });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`} className={`${CARD} space-y-4`}>
      <h2 id={`${id}-title`} className="heading-section">
        Account details
      </h2>
      <TextField
        {...NAME_FIELD}
        id={fields.idFor('name')}
        error={fields.errorFor('name')}
        required
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          fields.clear('name');
        }}
      />
      {/* The e-mail is the account's key: shown, never edited here. */}
      <TextField label="Email" type="email" readOnly value={profile.email} className="read-only:text-muted" />
      <Button type="submit" disabled={saving}>
        Save
      </Button>
    </form>
  );
}

type PasswordFieldName = 'current' | 'next' | 'confirm';

/**
 * Current, new, confirm; Update (spec 1 §2, §5). Only for accounts with a local password. Each
 * problem is toasted and shown under the field it is about, which takes the focus.
 */
function ChangePassword() {
  const id = useId();
  const fields = useFieldErrors<PasswordFieldName>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  const { withLoader } = useLoader();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const warn = (field: PasswordFieldName, message: string) => {
      showToast(message, 'warning');
      fields.report(field, message);
    };
    if (!current || !next) {
      warn(current ? 'next' : 'current', FILL_PASSWORDS_MESSAGE);
      return;
    }
    if (next !== confirm) {
      warn('confirm', NEW_PASSWORD_MISMATCH_MESSAGE);
      return;
    }
    if (next.length < PASSWORD_MIN_LENGTH) {
      warn('next', PASSWORD_TOO_SHORT_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      const message = await withLoader(changePassword(current, next));
      if (message) showToast(message, 'success');
    } catch (error) {
      toastFromError(error);
      return;
    } finally {
      setSaving(false);
    }
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  const field = (name: PasswordFieldName, label: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <TextField
      id={fields.idFor(name)}
      error={fields.errorFor(name)}
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => {
        set(event.target.value);
        fields.clear(name);
      }}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`} className={`${CARD} space-y-4`}>
      <h2 id={`${id}-title`} className="heading-section">
        Change password
      </h2>
      {field('current', 'Current password', current, setCurrent, 'current-password')}
      {field('next', 'New password', next, setNext, 'new-password')}
      {field('confirm', 'Confirm new password', confirm, setConfirm, 'new-password')}
      <div className="flex items-center justify-between gap-3">
        <Link to="/auth/password/reset" className="text-sm font-semibold text-maroon-700 underline-offset-2 hover:underline">
          Forgot password
        </Link>
        <Button type="submit" disabled={saving}>
          Update
        </Button>
      </div>
    </form>
  );
}

/** The profile screen (spec 1 §2). The route wraps it in RequireLogin. */
export function ProfileScreen() {
  useDocumentTitle('My Profile');
  const session = useSession();
  const logout = useLogout();
  const { data, isPending } = useProfile(session.userEmail);
  // Until (or unless) the profile call answers, the session knows enough to show the page.
  const profile: Profile = data ?? {
    name: session.userName ?? '',
    email: session.userEmail ?? '',
    auth_provider: session.authProvider === 'local' ? 'local' : 'google',
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="heading-page">My Profile</h1>
        {SCREENS.orders.live ? (
          <Link to={SCREENS.orders.path} className="inline-flex items-center gap-2 font-semibold text-maroon-700 hover:underline">
            <Package aria-hidden="true" className="size-5" />
            My Orders
          </Link>
        ) : null}
      </div>
      {isPending && !session.userName ? null : (
        <>
          <AccountDetails key={`${profile.email}:${profile.name}`} profile={profile} />
          {profile.auth_provider === 'local' ? <ChangePassword /> : null}
        </>
      )}
      <AddressBook className={CARD} />
      <section aria-labelledby="logout-title" className={CARD}>
        <h2 id="logout-title" className="heading-section">
          Sign out
        </h2>
        <p className="mt-1 text-sm text-muted">Sign out of your account on this device.</p>
        <Button variant="secondary" className="mt-4" onClick={logout}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </Button>
      </section>
    </div>
  );
}
