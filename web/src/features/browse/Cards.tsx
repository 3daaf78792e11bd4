import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Cards drawn at first, and added each time the reader nears the last one drawn: more than the
 * first screen holds on a phone (one column) or a desktop (three rows of four). A page rendered
 * on the server draws these and the browser hydrates them; the rest of the page's answer, already
 * in memory, is drawn as the reader scrolls. 50 cards drawn at once were most of a directory's
 * start-up work on a slow phone (docs/PERFORMANCE.md), and 'Mostrar todo' can be hundreds.
 */
const CARDS_PER_STEP = 12;

/** How far below the screen the next cards are drawn, so that scrolling never reaches the end. */
const DRAW_AHEAD = '0px 0px 1200px 0px';

/**
 * How many cards each history entry's list had drawn (by location key and list), so that Back
 * from a card's page draws them again at once and the scroll position can be restored.
 * Written in an effect only: never on the server.
 */
const drawnBefore = new Map<string, number>();

/**
 * A grid of cards drawn CARDS_PER_STEP at a time, the next ones once a marker after the last card
 * comes within DRAW_AHEAD of the screen (each step a transition: drawn in slices that let taps
 * through). Keyboard focus entering the grid draws them all, so Tab never skips a card.
 */
export function Cards<T>({
  items,
  renderItem,
  itemKey,
  gridClass,
}: {
  items: T[];
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => number;
  gridClass: string;
}) {
  const { key } = useLocation();
  const listKey = `${key}:${items.length}:${items[0] ? itemKey(items[0]) : ''}`;
  const [drawn, setDrawn] = useState(() => drawnBefore.get(listKey) ?? CARDS_PER_STEP);
  useEffect(() => {
    drawnBefore.set(listKey, drawn);
  }, [listKey, drawn]);
  const nearEnd = useCallback((marker: HTMLDivElement | null) => {
    if (!marker) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setDrawn(Number.MAX_SAFE_INTEGER));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setDrawn((count) => count + CARDS_PER_STEP));
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div className={`card-grid ${gridClass}`} onFocus={() => setDrawn(Number.MAX_SAFE_INTEGER)}>
        {items.slice(0, drawn).map((item) => (
          <div key={itemKey(item)}>{renderItem(item)}</div>
        ))}
      </div>
      {/* A new marker per step, so that one still near the screen asks for the next step too. */}
      {drawn < items.length && <div key={drawn} ref={nearEnd} className="directory__more" />}
    </>
  );
}
