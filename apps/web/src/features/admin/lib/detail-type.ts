import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ADMIN_DETAIL_TYPES, type AdminDetailType } from '@ssd/shared/admin-content-messages';
import { hasAppHistory } from '../../../lib/navigation';

export function isDetailType(value: string | undefined): value is AdminDetailType {
  return (ADMIN_DETAIL_TYPES as readonly (string | undefined)[]).includes(value);
}

/**
 * The detail screens' `type` param (add, detail or update). Any other value sends the admin back to
 * the previous screen (spec 3 §2), or to the entity's list when the console was opened there
 * directly; meanwhile the screen renders nothing (null).
 */
export function useDetailType(listPath: string): AdminDetailType | null {
  const { type } = useParams();
  const navigate = useNavigate();
  const known = isDetailType(type);
  useEffect(() => {
    if (known) return;
    if (hasAppHistory()) void navigate(-1);
    else void navigate(listPath, { replace: true });
  }, [known, navigate, listPath]);
  return known ? type : null;
}
