import { useEffect } from 'react';
import { pageTitle } from '@ssd/shared/constants';

/** Sets the tab title to '{title} | SSD' (spec 1 §2 and spec 2 §2 page titles). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
