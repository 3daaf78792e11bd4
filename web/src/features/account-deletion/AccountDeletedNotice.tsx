import { ACCOUNT_DELETION_MESSAGES } from '@cym/common';
import { useEffect, useState } from 'react';
import { DELETED_NOTICE_KEY } from './api';
import './account-deletion.css';

/**
 * 'Tu cuenta fue eliminada.' on the page the deletion's sign-out lands on, once. Read after the
 * page is live (the server's render never has it), so hydration matches.
 */
export function AccountDeletedNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (sessionStorage.getItem(DELETED_NOTICE_KEY) === null) return;
    sessionStorage.removeItem(DELETED_NOTICE_KEY);
    setShown(true);
  }, []);
  if (!shown) return null;
  return (
    <div className="container">
      <div className="notice notice--success account-deleted-notice">
        <p role="status">{ACCOUNT_DELETION_MESSAGES.done}</p>
        <button type="button" className="link-button" onClick={() => setShown(false)}>
          Cerrar aviso
        </button>
      </div>
    </div>
  );
}
