import type { ReactNode } from 'react';
import { assetUrl } from '@ssd/shared/assets';

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
