import {
  ACCOUNT_DELETION_MESSAGES,
  MODERATION_MESSAGES,
  BLOCK_MESSAGES,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatMessageProblem,
  formatDate,
  formatTime,
  lastSeenInSentence,
  SAFETY_NOTICE,
  unreadMessagesLabel,
} from '@cym/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PersonPhoto } from '../../components/PersonPhoto';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../config/paths';
import { mayOfferPush } from '../../lib/push';
import { useSession } from '../../lib/session';
import { chatKeys, pingActivity, useConversation, useConversations, type Conversation, type Summary } from './api';
import { PushOffer } from '../../components/PushOffer';
import { ProposalCard, ProposeHire } from '../hires';
import { LeaveReference } from '../references';
import { BlockButton } from '../blocks';
import { MessageSafety } from '../moderation';
import { useChatSocket } from './use-chat-socket';
import './chat.css';

const dayKey = (date: Date) => formatDate(date);

/** 'Hoy', 'Ayer' or dd/mm/yyyy, in Buenos Aires time. */
function dayLabel(date: Date): string {
  const today = new Date();
  if (dayKey(date) === dayKey(today)) return 'Hoy';
  if (dayKey(date) === dayKey(new Date(today.getTime() - 86_400_000))) return 'Ayer';
  return dayKey(date);
}

function shortTime(iso: string): string {
  const date = new Date(iso);
  return dayKey(date) === dayKey(new Date()) ? formatTime(date) : dayKey(date);
}

/**
 * The sidebar's entries: the list the server keeps (conversations with messages), and the one open
 * on screen although nobody has written yet, at the top, so the person sees where they are.
 */
function withOpenConversation(list: Summary[] | null, open: Conversation | null): Summary[] | null {
  if (list === null || open === null || list.some((c) => c.id === open.id)) return list;
  const { id, worker, parent, partner, last_message, unread_count } = open;
  return [{ id, worker, parent, partner, last_message, unread_count }, ...list];
}

/** From 768 px the conversation fills the screen and its messages scroll inside it (chat.css). */
const scrollsInside = () => window.matchMedia('(min-width: 768px)').matches;

/**
 * Brings the conversation's end into view (see ConversationsPage): on a desktop the messages'
 * own scroll to their newest, the page stays at the top; on a phone the page's end (after the
 * composer) comes to the bottom of the screen.
 */
function showEnd(end: HTMLElement | null, messages: HTMLElement | null): void {
  if (messages) messages.scrollTop = messages.scrollHeight;
  // Braces: Chromium's scrollIntoView now answers a promise, which a caller must not return.
  if (!scrollsInside()) end?.scrollIntoView({ block: 'end', behavior: 'instant' });
}

/** What a worker can see of an employer who has no public offer: the name, the photo, when last seen. */
function PartnerCard({ partner }: { partner: Conversation['partner'] }) {
  return (
    <div className="chat__partner-card">
      <PersonPhoto name={partner.first_name} image={partner.profile_image} size={96} />
      {/* The dialog's title already names the person. */}
      <p className="muted">Empleador/a</p>
      {partner.formatted_last_seen !== '-' && <p>Última conexión: {lastSeenInSentence(partner.formatted_last_seen)}</p>}
      <p className="muted">Todavía no tiene ofertas publicadas para mostrar.</p>
    </div>
  );
}

/** /conversations and /conversations/chat/{id}. */
export default function ConversationsPage() {
  const { user, role } = useSession();
  const client = useQueryClient();
  const params = useParams();
  const navigate = useNavigate();
  const selectedId = params.conversationId ? Number(params.conversationId) : null;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(selectedId === null);
  const [cardOpen, setCardOpen] = useState(false);
  const [offerPush, setOfferPush] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const paneRef = useRef<HTMLElement>(null);
  const messagesRef = useRef<HTMLOListElement>(null);
  /** Whether the page's end (the newest message and the composer) is in view. */
  const atEndRef = useRef(true);
  const userId = user?.id;
  // A failed list stays 'Cargando...' (failures loading conversations are only logged).
  const list = useConversations(userId).data ?? null;
  const opened = useConversation(selectedId);
  const conversation = opened.data ?? null;
  // The failure's own Spanish message: the server's when it answered (a conversation that is not
  // there, or not this person's), the connection's or the server's trouble otherwise.
  const loadError = opened.error?.message ?? null;

  const { state, send: sendMessage } = useChatSocket(userId, selectedId);

  // 'Last seen' of the person on the chat page.
  useEffect(() => pingActivity(), []);

  // A message that could not be sent belongs to the conversation it was written in.
  useEffect(() => setError(null), [selectedId]);

  // The partner's card belongs to the conversation it was opened from.
  useEffect(() => setCardOpen(false), [selectedId]);

  // The newest message in view, just above the composer (sticky at the foot of the screen): the
  // page's end (after the composer) is brought to the bottom of the screen at once (not the site's
  // smooth scrolling, which aims where the end was when it started), on opening, on each message
  // and when the offer of notifications comes or goes above the composer.
  useEffect(() => {
    atEndRef.current = true;
    showEnd(endRef.current, messagesRef.current);
  }, [conversation?.messages.length, offerPush]);

  // While the end is in view it stays there when the conversation changes size after it was
  // shown (a reference card arriving above, the connection's status line in the composer).
  useEffect(() => {
    const pane = paneRef.current;
    if (!pane || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      const end = endRef.current;
      const messages = messagesRef.current;
      if (scrollsInside()) {
        if (messages) atEndRef.current = messages.scrollTop + messages.clientHeight >= messages.scrollHeight - 4;
      } else if (end) atEndRef.current = end.getBoundingClientRect().bottom <= window.innerHeight + 4;
    };
    const observer = new ResizeObserver(() => {
      if (atEndRef.current) showEnd(endRef.current, messagesRef.current);
    });
    observer.observe(pane);
    // On a desktop the pane keeps its size: the messages' box changes when a card arrives above them.
    if (messagesRef.current) observer.observe(messagesRef.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    // The messages' own scroll (desktop) does not bubble: listened to while capturing.
    pane.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      pane.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [conversation?.id]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!conversation || chatMessageProblem(text) || state !== 'open' || sending) return;
    setSending(true);
    setError(null);
    try {
      const ack = await sendMessage(conversation.id, text.trim());
      if ('error' in ack) setError(ack.error);
      else {
        setText('');
        // A message sent: the moment to offer notifications of the answer (once per device).
        if (mayOfferPush()) setOfferPush(true);
      }
    } catch {
      setError(CHAT_MESSAGES.sendFailed);
    } finally {
      setSending(false);
    }
  }

  const noChats = list !== null && list.length === 0 && selectedId === null;
  if (noChats)
    return (
      <div className="container chat-empty">
        <h1>{CHAT_MESSAGES.noChats}</h1>
        {role === 'worker' ? (
          <p>
            Mirá las ofertas en <Link to={paths.jobOffers}>Empleos</Link> y escribile a quien te interese.
          </p>
        ) : (
          <p>
            Buscá en <Link to={paths.workers}>Perfiles</Link> y escribile a quien te interese.
          </p>
        )}
      </div>
    );

  const entries = withOpenConversation(list, conversation);
  // An employer in a conversation with a worker may propose a hire; the newest proposal's state decides.
  // A deleted account: named 'Usuario eliminado' by the server; no page, reference, proposal or reply.
  const partnerGone = conversation?.partner.status != null;
  const mayPropose = user?.profile_type === 'Parent' && conversation?.worker != null && !partnerGone;
  const latestProposalId =
    [...(conversation?.messages ?? [])].reverse().find((m) => typeof m.hire_proposal_id === 'number')
      ?.hire_proposal_id ?? null;
  const canSend = state === 'open' && !sending && chatMessageProblem(text) === null;
  let lastDay = '';
  return (
    <div className="chat">
      <button
        type="button"
        className="chat__toggle button button--secondary"
        aria-expanded={sidebarOpen}
        aria-controls="chat-sidebar"
        onClick={() => setSidebarOpen(!sidebarOpen)}
      >
        {sidebarOpen ? 'Ocultar conversaciones' : 'Ver conversaciones'}
      </button>
      <aside
        id="chat-sidebar"
        aria-label="Conversaciones"
        className={`chat__sidebar ${sidebarOpen ? 'chat__sidebar--open' : ''}`}
      >
        <h1 className="chat__title">Chat</h1>
        {list === null && <p role="status">Cargando...</p>}
        {entries?.length === 0 && <p>{CHAT_MESSAGES.emptyList}</p>}
        <ul className="chat__list">
          {entries?.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`chat__entry ${c.id === selectedId ? 'chat__entry--active' : ''}`}
                onClick={() => {
                  setSidebarOpen(false);
                  void navigate(`/conversations/chat/${c.id}`);
                }}
              >
                {/* The name follows in words: the photo is not read a second time. */}
                <PersonPhoto
                  name={c.partner.first_name}
                  image={c.partner.profile_image}
                  size={40}
                  className="chat__avatar"
                  decorative
                />
                {/* The name and the time on one line, so the last message has the row's width below. */}
                <span className="chat__entry-text">
                  <span className="chat__entry-line">
                    <strong>{c.partner.first_name}</strong>
                    {c.partner.status === 'suspended' && (
                      <span className="chat__suspended">{MODERATION_MESSAGES.suspendedParty}</span>
                    )}
                    {c.last_message && (
                      <time dateTime={c.last_message.timestamp}>{shortTime(c.last_message.timestamp)}</time>
                    )}
                  </span>
                  <span className="chat__entry-line">
                    <span className="chat__preview">
                      {c.last_message
                        ? c.last_message.erased
                          ? ACCOUNT_DELETION_MESSAGES.messageErased
                          : c.last_message.content
                        : CHAT_MESSAGES.noMessages}
                    </span>
                    {c.unread_count > 0 && (
                      <span className="unread-badge" aria-label={unreadMessagesLabel(c.unread_count)}>
                        {c.unread_count}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </aside>

      <section className="chat__pane" aria-label="Conversación" ref={paneRef}>
        {selectedId === null && <p className="chat__hint">Elegí una conversación para leerla.</p>}
        {(error ?? loadError) && !conversation && (
          <p className="notice notice--error" role="alert">
            {error ?? loadError}
          </p>
        )}
        {conversation && (
          <>
            <header className="chat__header">
              <PersonPhoto
                name={conversation.partner.first_name}
                image={conversation.partner.profile_image}
                size={40}
                className="chat__avatar"
              />
              <div>
                <h2>{conversation.partner.first_name}</h2>
                {conversation.partner.status === 'suspended' && (
                  <p className="chat__suspended">{MODERATION_MESSAGES.suspendedParty}</p>
                )}
                {conversation.partner.formatted_last_seen !== '-' && (
                  <p className="chat__seen">
                    Última conexión: {lastSeenInSentence(conversation.partner.formatted_last_seen)}
                  </p>
                )}
              </div>
              {conversation.partner.profile_path ? (
                <Link to={conversation.partner.profile_path} className="chat__profile-link">
                  Ver perfil
                </Link>
              ) : (
                conversation.partner.kind === 'Parent' &&
                !partnerGone && (
                  <button type="button" className="link-button chat__profile-link" onClick={() => setCardOpen(true)}>
                    Ver perfil
                  </button>
                )
              )}
              {conversation.partner.kind !== 'admin' && conversation.partner.user_id !== null && (
                <details className="chat__menu">
                  <summary aria-label="Más opciones">⋮</summary>
                  <div className="chat__menu-panel">
                    <BlockButton
                      userId={conversation.partner.user_id}
                      name={conversation.partner.first_name}
                      blocked={conversation.block === 'by_me'}
                      className="link-button chat__block"
                    />
                  </div>
                </details>
              )}
            </header>
            <Dialog open={cardOpen} title={conversation.partner.first_name} onClose={() => setCardOpen(false)}>
              <PartnerCard partner={conversation.partner} />
            </Dialog>
            {conversation.partner_can_reply === false && (
              <p className="chat__notice chat__notice--warning" role="status">
                {CHAT_MESSAGES.employerCannotReply}
              </p>
            )}
            <p className="chat__notice chat__safety" role="note">
              {SAFETY_NOTICE} <Link to={paths.safetyTips}>Consejos de seguridad</Link>
            </p>
            {conversation.partner.kind !== 'admin' && !partnerGone && (
              <LeaveReference
                userId={conversation.partner.user_id}
                name={conversation.partner.first_name}
                watch={conversation.messages.length}
              />
            )}
            <ol className="chat__messages" aria-live="polite" ref={messagesRef}>
              {conversation.messages.map((m) => {
                const date = new Date(m.timestamp);
                const day = dayLabel(date);
                const separator = day !== lastDay ? day : null;
                lastDay = day;
                const own = m.sender.id === userId;
                return (
                  <li key={m.id}>
                    {separator && <p className="chat__day">{separator}</p>}
                    <div className={`chat__bubble ${own ? 'chat__bubble--own' : ''}`}>
                      {m.erased ? (
                        <p className="chat__erased">{ACCOUNT_DELETION_MESSAGES.messageErased}</p>
                      ) : (
                        <p>{m.content}</p>
                      )}
                      <span className="chat__meta">
                        <time dateTime={m.timestamp}>{formatTime(date)}</time>
                        {own && (
                          <span className="chat__checks" aria-label={m.is_read ? 'Leído' : 'Enviado'}>
                            {m.is_read ? '✓✓' : '✓'}
                          </span>
                        )}
                      </span>
                    </div>
                    {!m.erased && <MessageSafety message={m} mine={own} team={conversation.partner.kind === 'admin'} />}
                    {typeof m.hire_proposal_id === 'number' && (
                      <div className={`chat__hire ${own ? 'chat__hire--own' : ''}`}>
                        <ProposalCard proposalId={m.hire_proposal_id} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
            {/* Between the newest message and the composer, where the eyes are after sending. */}
            {offerPush && (
              <PushOffer
                title="Activá las notificaciones para enterarte cuando te respondan"
                onDone={() => setOfferPush(false)}
              />
            )}
            {mayPropose && !conversation.block && (
              <ProposeHire
                conversationId={conversation.id}
                workerName={conversation.partner.first_name}
                latestProposalId={latestProposalId}
                // The card comes through the socket too; asked again in case the link is down.
                onSent={() => void client.invalidateQueries({ queryKey: chatKeys.conversation(conversation.id) })}
              />
            )}
            {partnerGone && (
              <p className="chat__notice chat__notice--closed" role="status">
                {conversation.partner.status === 'suspended'
                  ? MODERATION_MESSAGES.suspendedComposer
                  : ACCOUNT_DELETION_MESSAGES.composerClosed}
              </p>
            )}
            {!partnerGone && conversation.block === 'cannot_write' && (
              <p className="chat__closed" role="status">
                {BLOCK_MESSAGES.composerClosed}
              </p>
            )}
            {!partnerGone && conversation.block === 'by_me' && conversation.partner.user_id !== null && (
              <div className="chat__closed" role="status">
                <p>{BLOCK_MESSAGES.blockedByMe}</p>
                <BlockButton
                  userId={conversation.partner.user_id}
                  name={conversation.partner.first_name}
                  blocked
                  className="button button--secondary"
                />
              </div>
            )}
            {!partnerGone && !conversation.block && (
              <form className="chat__form" onSubmit={(event) => void send(event)}>
                {state !== 'open' && (
                  <p className="chat__status" role="status">
                    {state === 'gave-up' ? 'No pudimos conectar el chat. Recargá la página.' : CHAT_MESSAGES.connecting}
                  </p>
                )}
                {sending && (
                  <p className="chat__status" role="status">
                    {CHAT_MESSAGES.sending}
                  </p>
                )}
                {error && (
                  <p className="notice notice--error" role="alert">
                    {error}
                  </p>
                )}
                <label htmlFor="chat-text" className="visually-hidden">
                  Mensaje
                </label>
                <textarea
                  id="chat-text"
                  value={text}
                  rows={2}
                  maxLength={CHAT_LIMITS.messageMax}
                  placeholder="Escribí un mensaje"
                  onChange={(event) => setText(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey) {
                      event.preventDefault();
                      event.currentTarget.form?.requestSubmit();
                    }
                  }}
                />
                <button type="submit" className="button" disabled={!canSend}>
                  Enviar
                </button>
              </form>
            )}
            <div ref={endRef} />
          </>
        )}
      </section>
    </div>
  );
}
