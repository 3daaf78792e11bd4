import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A section of the relationship's page that opens on demand (a phone shows one at a time): its
 * heading is the button, with a short note beside it (what waits for the viewer) and a line under
 * it that stays in view while closed. `focus` puts the focus on the button once shown (the
 * settlement, after the end).
 */
export function Fold({
  title,
  note,
  urgent = false,
  summary,
  open: initiallyOpen = false,
  focus = false,
  className = '',
  children,
}: {
  title: string;
  note?: string | null;
  urgent?: boolean;
  summary?: ReactNode;
  open?: boolean;
  focus?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <section className={`card hire-section hire-fold ${className}`} aria-labelledby={`${id}-title`}>
      <h2 className="hire-fold__heading">
        <button
          ref={button}
          id={`${id}-title`}
          type="button"
          className="hire-fold__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          <span className="hire-fold__title">{title}</span>
          {note && (
            <span className={`badge ${urgent ? 'badge--warning' : 'badge--neutral'} hire-fold__note`}>{note}</span>
          )}
          <span className="hire-fold__icon" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h2>
      {summary && <div className="hire-fold__summary">{summary}</div>}
      <div id={`${id}-panel`} className="hire-fold__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
