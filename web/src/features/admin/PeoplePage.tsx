import { ADMIN_MESSAGES, adminCsv, adminCsvFileName, formatPhone, whatsappLink, type AdminCsvRow } from '@cym/common';
import { Download, MessageCircle, Trash2, UserRound } from 'lucide-react';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { startChat } from '../chat';
import { errorMessage } from '../../lib/api/errors';
import { adminApi, adminKeys, type AdminPage, type AdminUser, type ListQuery } from './api';
import { AdminListView, AdminSearch, useSearchList } from './AdminList';
import { AdminNotice, type AdminNoticeValue } from './AdminNotice';
import './admin.css';

/** A row of the workers or employers list: the profile id and its user. */
export interface PersonRow {
  id: number;
  user: AdminUser;
}

/** What the last column of a row may do: run a change that answers the new row, or report a failure. */
export interface RowTools<T> {
  /** An action of this row is waiting for the server. */
  busy: boolean;
  /**
   * Runs the change; its answer replaces the row and `success(row)` is announced, a failure shows
   * `failure(message)`.
   */
  run: (task: () => Promise<T>, failure: (message: string) => string, success: (row: T) => string) => void;
}

interface Props<T extends PersonRow> {
  kind: 'workers' | 'parents';
  title: string;
  emptyText: string;
  loadFailed: string;
  confirmDelete: string;
  fetchPage: (query: ListQuery) => Promise<AdminPage<T>>;
  fetchAll: (search: string) => Promise<T[]>;
  /** The chat's other party from a row's profile id. */
  chatTarget: (profileId: number) => { workerId: number } | { parentId: number };
  /** The public profile of a row; employers have none. */
  profileHref?: (row: T) => string;
  /** The name of that link ('Ver perfil' unless told). */
  profileLabel?: string;
  lastHeader: string;
  renderLast: (row: T, tools: RowTools<T>) => ReactNode;
  /** Popups of the page (the membership details). */
  children?: ReactNode;
}

function csvRow({ user }: PersonRow): AdminCsvRow {
  return {
    joined: user.formatted_created_at,
    name: user.full_name,
    email: user.email,
    phone: user.phone,
    lastLogin: user.formatted_last_login,
  };
}

/** Saves a text as a file the browser downloads. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Opens the WhatsApp chat with a person, or says why not. */
function openWhatsapp(user: AdminUser): void {
  const link = whatsappLink(user.phone, user.first_name);
  if (!link) {
    window.alert(ADMIN_MESSAGES.invalidWhatsapp);
    return;
  }
  try {
    const opened = window.open(link, '_blank');
    if (!opened) throw new Error('blocked');
    opened.opener = null;
  } catch {
    window.alert(ADMIN_MESSAGES.whatsappFailed);
  }
}

/** An e-mail that wraps after the @ rather than in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function WhatsappIcon() {
  return (
    <svg viewBox="0 0 32 32" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-4-.5-5.7-1.6l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.7 3.7 0 0 0-1.1 2.7 6.4 6.4 0 0 0 1.3 3.4 14.6 14.6 0 0 0 5.6 5c2.1.9 2.9 1 4 .8a3.4 3.4 0 0 0 2.2-1.6 2.8 2.8 0 0 0 .2-1.6c-.1-.2-.3-.2-.6-.4z"
      />
    </svg>
  );
}

/**
 * The workers and employers lists of the back office: server-side name search, CSV export of
 * everything the search matches, and a table with WhatsApp, delete, profile, chat and the page's
 * own last column. Below 700 px each row is a card (admin.css), its actions full-width buttons at
 * the end.
 */
export function PeoplePage<T extends PersonRow>(props: Props<T>) {
  const { kind, fetchAll, confirmDelete, chatTarget } = props;
  const list = useSearchList(adminKeys.list(kind), props.fetchPage);
  const { replace, reload } = list;
  const { user: admin } = useSession();
  const navigate = useNavigate();
  const searchId = useId();
  const [notice, setNotice] = useState<AdminNoticeValue>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [exporting, setExporting] = useState(false);

  /** Marks the row busy while the task runs; one action per row at a time. */
  const track = useCallback(async (id: number, task: () => Promise<void>) => {
    setPending((current) => new Set(current).add(id));
    try {
      await task();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }, []);

  const toolsFor = (row: T): RowTools<T> => ({
    busy: pending.has(row.id),
    run: (task, failure, success) => {
      if (pending.has(row.id)) return;
      setNotice(null);
      void track(row.id, async () => {
        try {
          const changed = await task();
          replace(changed);
          setNotice({ kind: 'success', text: success(changed) });
        } catch (error) {
          setNotice({ kind: 'error', text: failure(errorMessage(error, '')) });
        }
      });
    },
  });

  async function remove(row: T) {
    if (pending.has(row.id) || !window.confirm(confirmDelete)) return;
    setNotice(null);
    await track(row.id, async () => {
      try {
        await adminApi.deleteUser(row.user.id);
        setNotice({ kind: 'success', text: `Se eliminó la cuenta de ${row.user.full_name}.` });
        reload();
      } catch (error) {
        setNotice({ kind: 'error', text: ADMIN_MESSAGES.deleteFailed + errorMessage(error, '') });
      }
    });
  }

  async function chat(row: T) {
    if (!admin || pending.has(row.id)) return;
    setNotice(null);
    await track(row.id, async () => {
      const result = await startChat(admin, chatTarget(row.id));
      if ('id' in result) void navigate(`/conversations/chat/${result.id}`);
      else setNotice({ kind: 'error', text: result.error });
    });
  }

  async function exportCsv() {
    setExporting(true);
    setNotice(null);
    try {
      const rows = await fetchAll(list.query.search);
      download(adminCsv(rows.map(csvRow)), adminCsvFileName(kind));
    } catch {
      setNotice({ kind: 'error', text: props.loadFailed });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{props.title}</h1>
      <div className="admin-toolbar" role="search">
        <AdminSearch id={searchId} label="Buscar por nombre" value={list.text} onChange={list.setText} />
        <button
          type="button"
          className="button button--secondary"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          <Download size={18} aria-hidden="true" />
          {exporting ? 'Descargando...' : 'Descargar datos'}
        </button>
      </div>

      <AdminNotice notice={notice} />
      <AdminListView
        list={list}
        loadFailed={props.loadFailed}
        emptyText={props.emptyText}
        countLabel={(count) => (count === 1 ? '1 resultado' : `${count} resultados`)}
        tableLabel={`Tabla de ${props.title.toLowerCase()}`}
      >
        {(rows) => (
          <>
            <thead>
              <tr>
                <th scope="col">Fecha de registro</th>
                <th scope="col" className="admin-table__name">
                  Nombre
                </th>
                <th scope="col">Correo electrónico</th>
                <th scope="col">Teléfono</th>
                <th scope="col">Última conexión</th>
                <th scope="col">Acciones</th>
                <th scope="col">{props.lastHeader}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = row.user.full_name;
                const busy = pending.has(row.id);
                return (
                  <tr key={row.id}>
                    <td data-label="Fecha de registro">{row.user.formatted_created_at}</td>
                    <th scope="row" className="admin-table__name">
                      {name}
                    </th>
                    <td className="admin-table__email" data-label="Correo electrónico">
                      <a href={`mailto:${row.user.email}`}>
                        <EmailText email={row.user.email} />
                      </a>
                    </td>
                    <td data-label="Teléfono">
                      <div className="admin-phone">
                        <span>{formatPhone(row.user.phone) ?? ADMIN_MESSAGES.notAvailable}</span>
                        {row.user.phone && (
                          <button
                            type="button"
                            className="admin-icon-button admin-icon-button--whatsapp"
                            aria-label={`WhatsApp de ${name}`}
                            title="WhatsApp"
                            onClick={() => openWhatsapp(row.user)}
                          >
                            <WhatsappIcon />
                          </button>
                        )}
                      </div>
                    </td>
                    <td data-label="Última conexión">
                      {row.user.formatted_last_login ?? ADMIN_MESSAGES.neverLoggedIn}
                    </td>
                    <td className="admin-table__actions-cell">
                      <div className="admin-table__actions">
                        <button
                          type="button"
                          className="admin-icon-button admin-icon-button--danger"
                          aria-label={`Eliminar ${name}`}
                          title="Eliminar"
                          disabled={busy}
                          onClick={() => void remove(row)}
                        >
                          <Trash2 size={20} aria-hidden="true" />
                          <span className="admin-action-label">Eliminar</span>
                        </button>
                        {props.profileHref && (
                          <Link
                            to={props.profileHref(row)}
                            className="admin-icon-button"
                            aria-label={`${props.profileLabel ?? 'Ver perfil'} de ${name}`}
                            title={props.profileLabel ?? 'Ver perfil'}
                          >
                            <UserRound size={20} aria-hidden="true" />
                            <span className="admin-action-label">{props.profileLabel ?? 'Ver perfil'}</span>
                          </Link>
                        )}
                        <button
                          type="button"
                          className="admin-icon-button"
                          aria-label={`Chatear con ${name}`}
                          title="Chatear"
                          disabled={busy || !admin}
                          onClick={() => void chat(row)}
                        >
                          <MessageCircle size={20} aria-hidden="true" />
                          <span className="admin-action-label">Chatear</span>
                        </button>
                      </div>
                    </td>
                    <td data-label={props.lastHeader}>{props.renderLast(row, toolsFor(row))}</td>
                  </tr>
                );
              })}
            </tbody>
          </>
        )}
      </AdminListView>
      {props.children}
    </div>
  );
}
