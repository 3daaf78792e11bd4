import { MODERATION_MESSAGES } from '@cym/common';
import { useEffect, useId, useRef, useState } from 'react';
import { ReportDialog } from './ReportDialog';
import './moderation.css';

/**
 * What goes under a message of the other party in a conversation: the money warning when the
 * server flags it (an unverified sender asking for money), and a '⋯' beside the bubble that
 * reveals 'Denunciar mensaje' (a tap on a phone, Enter by keyboard; no hover needed). Nothing on
 * one's own messages; no report of the team's.
 */
export function MessageSafety({
  message,
  mine,
  team,
}: {
  message: { id: number; money_warning: boolean };
  mine: boolean;
  /** The other party is the team: its messages are not reported. */
  team: boolean;
}) {
  if (mine) return null;
  return (
    <>
      {!team && <MessageMenu messageId={message.id} />}
      {message.money_warning && (
        <p className="money-warning" role="note">
          {MODERATION_MESSAGES.moneyWarning}
        </p>
      )}
    </>
  );
}

function MessageMenu({ messageId }: { messageId: number }) {
  const id = useId();
  const [menu, setMenu] = useState(false);
  const [reporting, setReporting] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // The revealed option closes with Escape, or when focus or a tap goes elsewhere.
  useEffect(() => {
    if (!menu) return;
    const away = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setMenu(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenu(false);
      box.current?.querySelector<HTMLElement>('.message-menu__toggle')?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', escape);
    };
  }, [menu]);

  return (
    <div className="message-menu" ref={box}>
      <button
        type="button"
        className="message-menu__toggle"
        aria-label="Opciones del mensaje"
        aria-expanded={menu}
        aria-controls={`${id}-menu`}
        onClick={() => setMenu(!menu)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={`${id}-menu`} className="message-menu__options" hidden={!menu}>
        <button
          type="button"
          className="message-menu__option"
          onClick={() => {
            setMenu(false);
            setReporting(true);
          }}
        >
          Denunciar mensaje
        </button>
      </div>
      {/* Made when asked for: a long conversation holds no closed dialog per message. */}
      {reporting && (
        <ReportDialog
          open
          onClose={() => setReporting(false)}
          title="Denunciar el mensaje"
          target="message"
          targetId={messageId}
        />
      )}
    </div>
  );
}
