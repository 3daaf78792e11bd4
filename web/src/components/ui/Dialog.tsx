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
}

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert, Tab
 * cycles inside it, Escape closes it, and focus returns to the opener when it closes.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // No markup in the server's HTML until it opens (issue 31, item 25): a closed dialog's header
  // and empty title would stand there as landmarks and headings of their own. The browser adds it
  // closed once the page is live (showModal and close keep their focus handling).
  const inBrowser = useInBrowser();
  if (!open && !inBrowser) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
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
