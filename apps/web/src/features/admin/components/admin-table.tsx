import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import { buttonClasses } from '../../../components/ui/button';
import { DeleteAction } from './delete-action';

/** A list screen's table: a caption for screen readers, column heads, one row per record. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-maroon-100 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-maroon-50 text-maroon-800">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-maroon-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A small preview of an image field (a URL, an asset path or a file id). */
export function Thumb({ src, alt = '' }: { src: string; alt?: string }) {
  return <img src={assetUrl(src) ?? undefined} alt={alt} loading="lazy" className="size-12 rounded-lg object-cover" />;
}

export const CELL = 'px-3 py-2 align-middle';

/** A record's title in its row, linking to its detail screen. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-maroon-700 hover:underline">
      {children}
    </Link>
  );
}

/**
 * A row's actions: open the record's form (named for screen readers with the record, as 'Update Silk
 * Saree') and delete it after confirming (DeleteAction).
 */
export function RowActions({
  editTo,
  editLabel = 'Update',
  what,
  name,
  onDelete,
}: {
  editTo: string;
  editLabel?: string;
  what: string;
  name: string;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <td className={CELL}>
      <div className="flex gap-2">
        <Link to={editTo} aria-label={`${editLabel} ${name}`} className={buttonClasses('secondary', 'px-3 py-1.5')}>
          {editLabel}
        </Link>
        <DeleteAction compact what={what} name={name} onDelete={onDelete} />
      </div>
    </td>
  );
}
