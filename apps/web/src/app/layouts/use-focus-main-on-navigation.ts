import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, focus moves to <main>, so keyboard and screen reader users start at the new
 * page's content instead of the link they pressed. The first render keeps the browser's own focus.
 */
export function useFocusMainOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
