import { useEffect, useRef, type RefObject } from 'react';

/**
 * Brings a new step to the top of the screen — its wizard card, counter and title, below the
 * sticky navbar (`.wizard { scroll-margin-top }`) — and gives the title the focus, so a phone
 * shows the step from its start and a screen reader announces it. Used by both wizards.
 */
function showStepHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  (heading.closest('.wizard') ?? heading).scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/**
 * The ref for a wizard's step title, shown as above whenever `step` changes; on the first render
 * too with `onOpen` (a wizard that a button opens in place of the page).
 */
export function useStepHeading(step: number, onOpen = false): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(onOpen ? null : step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    showStepHeading(heading.current);
  }, [step]);
  return heading;
}

/**
 * ScrollRestoration's key. React Router gives every first entry of a document the key 'default',
 * so a page loaded fresh (the return from the payment checkout) would restore the position saved
 * for another page loaded fresh earlier, and open at its footer. Each document load gets its own
 * key instead; back and forward keep their positions.
 */
const DOCUMENT_LOAD = Math.random().toString(36).slice(2);

export function scrollKey(location: { key: string; pathname: string }): string {
  return location.key === 'default' ? `${DOCUMENT_LOAD}:${location.pathname}` : location.key;
}
