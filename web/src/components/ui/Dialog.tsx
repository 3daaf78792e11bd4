import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useInBrowser } from '../../lib/server-render';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog instead of leaving for the browser's UI. */
function wrapFocus(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  open: boolean;
  title: string;
  /** Without it the dialog is blocking: no close button, and Escape or the backdrop do nothing. */
  onClose?: () => void;
  children: ReactNode;
  /** A class added to the dialog's own, for a dialog shaped otherwise (a long form's full screen). */
  className?: string;
}

/** A control a person can reach: shown, enabled, not a 1 × 1 stand-in (a file input behind its button). */
function reachable(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  if (box.width <= 1 && box.height <= 1) return false;
  return element.checkVisibility({ visibilityProperty: true });
}

/**
 * Where focus starts in an open dialog: a control marked `data-autofocus`, else its first field,
 * else its first control after the title (a message's 'Entendido'); 'Cerrar' only when it holds
 * nothing else.
 */
function startingPoint(dialog: HTMLDialogElement): HTMLElement | null {
  const content = Array.from(
    dialog.querySelectorAll<HTMLElement>(
      `.dialog__body > :not(.dialog__header) :is(${FOCUSABLE}), .dialog__body > :not(.dialog__header):is(${FOCUSABLE})`,
    ),
  ).filter(reachable);
  return (
    content.find((element) => element.hasAttribute('data-autofocus')) ??
    content.find((element) => element.matches('input, select, textarea')) ??
    content[0] ??
    null
  );
}

/** The opener itself, or the visible control that opens the closed panel holding it. */
function returnPoint(opener: HTMLElement): HTMLElement | null {
  if (reachable(opener)) return opener;
  for (let panel = opener.parentElement; panel; panel = panel.parentElement) {
    if (!panel.id) continue;
    const toggle = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(panel.id)}"]`);
    if (toggle && reachable(toggle)) return toggle;
  }
  return null;
}

/**
 * Where focus goes when a dialog closes and the control that opened it is gone (the navbar's
 * 'Ingresar' after a login): the page's heading, never <body>.
 */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Focus is nowhere a person put it: on <body>, or on nothing. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert, Tab
 * cycles inside it, Escape closes it. Focus starts on its first field (also when that field
 * arrives later, with a form loaded on demand), comes back inside when the focused control goes
 * (a form that changes to another), and returns to the control that opened it when it closes.
 */
export function Dialog({ open, title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Until the person acts (a key, a tap), focus follows the first field as the content arrives.
    let placed = false;
    const place = () => {
      const active = document.activeElement;
      const lost = focusLost() || !dialog.contains(active);
      if (placed && !lost) return;
      const target = startingPoint(dialog);
      if (target) {
        target.focus();
        placed = true;
      } else if (lost) dialog.querySelector<HTMLElement>('.dialog__header button')?.focus();
    };
    place();
    const settle = () => {
      placed = true;
    };
    const observer = new MutationObserver(place);
    observer.observe(dialog, { childList: true, subtree: true });
    dialog.addEventListener('keydown', settle);
    dialog.addEventListener('pointerdown', settle);
    return () => {
      observer.disconnect();
      dialog.removeEventListener('keydown', settle);
      dialog.removeEventListener('pointerdown', settle);
      if (dialog.open) dialog.close();
      // Back to the opener when it is still there, or to the toggle of the menu it sits in (the
      // phone's menu closes as a dialog opens from it); else, if focus fell out, to the page's heading.
      const target = opener && opener !== document.body && opener.isConnected ? returnPoint(opener) : null;
      if (target) target.focus({ preventScroll: true });
      else if (focusLost() || dialog.contains(document.activeElement)) focusPageHeading();
    };
  }, [open]);

  // No markup in the server's HTML until it opens: a closed dialog's header
  // and empty title would stand there as landmarks and headings of their own. The browser adds it
  // closed once the page is live (showModal and close keep their focus handling).
  const inBrowser = useInBrowser();
  if (!open && !inBrowser) return null;
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onKeyDown={wrapFocus}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      // Chromium lets a second Escape close a dialog whatever its cancel handler says: a blocking
      // dialog that was still meant to be open opens again.
      onClose={() => {
        if (!onClose && open && ref.current && !ref.current.open) ref.current.showModal();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose?.();
      }}
    >
      <div className="dialog__body">
        <header className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label="Cerrar" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        {children}
      </div>
    </dialog>
  );
}
