import { useEffect } from 'react';

/** The page title is the configured system name (spec core §1). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
