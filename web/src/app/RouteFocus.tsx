import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusLost } from '../components/ui/Dialog';

/** How long a page's heading is waited for (its code and data may still be coming). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation inside the app, focus moves to the new page's h1 and the page's title is
 * announced in a polite live region that is there from the start: a screen
 * reader hears where it arrived and the keyboard goes on from the page's top, not from <body>.
 * The first page keeps the browser's own start (the skip link first). A change of the query alone
 * (a directory's filters) leaves focus on the control, unless focus fell to <body>. A person who
 * moved focus while the page was loading keeps it there.
 */
export function RouteFocus() {
  const location = useLocation();
  const [announced, setAnnounced] = useState('');
  const last = useRef<{ key: string; pathname: string } | null>(null);
  // The watch of the latest arrival: a page's own replace of its address (same path) right after
  // it opens does not end it; a new arrival, or leaving the shell, does.
  const watching = useRef<(() => void) | null>(null);
  useEffect(() => () => watching.current?.(), []);

  useEffect(() => {
    const before = last.current;
    last.current = { key: location.key, pathname: location.pathname };
    if (!before || before.key === location.key) return;
    const moved = before.pathname !== location.pathname;
    if (!moved && !focusLost()) return;
    watching.current?.();
    const startedOn = document.activeElement;
    const main = document.getElementById('contenido');
    if (!main) return;
    // Until the person acts (a key, a tap) or the wait ends, the page's heading is watched for:
    // once it arrives it gets the focus, and gets it back if the page draws it again (loading,
    // then loaded) and the focus fell to <body> with the old one.
    let arrived = false;
    let ours = false;
    const focusHeading = (heading: HTMLElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      ours = true;
    };
    const watch = () => {
      const headings = Array.from(main.querySelectorAll<HTMLElement>('h1'));
      if (headings.length === 0) return;
      // A heading the layout hides (the phone's chat shows the conversation, not its list):
      // the page's region itself.
      const heading =
        headings.find((h) => h.checkVisibility({ visibilityProperty: true }) && !h.closest('[inert]')) ?? main;
      const active = document.activeElement;
      if (!arrived) {
        arrived = true;
        setAnnounced(document.title);
        if (focusLost() || active === startedOn || !active?.isConnected) focusHeading(heading);
      } else if (ours && focusLost()) focusHeading(heading);
    };
    watch();
    const observer = new MutationObserver(watch);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    watching.current = stop;
  }, [location.key, location.pathname]);

  return (
    <p className="visually-hidden no-print" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announced}
    </p>
  );
}
