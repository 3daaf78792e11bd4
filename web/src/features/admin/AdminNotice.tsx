/** The result of an admin action: a success said politely, or an error. */
export type AdminNoticeValue = { kind: 'error' | 'success'; text: string } | null;

/**
 * Where an admin page says what an in-place action did (a switch, a delete, a price): one polite
 * live region that is on the page from the start and only changes its text, so screen readers
 * announce each result; an error is an alert as well.
 */
export function AdminNotice({ notice }: { notice: AdminNoticeValue }) {
  const success = notice?.kind === 'success' ? notice.text : '';
  return (
    <>
      <p
        className={success ? 'admin-live notice notice--success admin-notice' : 'admin-live visually-hidden'}
        role="status"
      >
        {success}
      </p>
      {notice?.kind === 'error' && (
        <p className="notice notice--error admin-notice" role="alert">
          {notice.text}
        </p>
      )}
    </>
  );
}
