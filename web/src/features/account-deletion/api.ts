import { api } from '../../lib/api/client';
import { ensureOk } from '../../lib/api/errors';

export const DELETE_FAILED = 'No pudimos eliminar tu cuenta. Probá de nuevo en unos minutos.';

/** Where the page after the deletion's reload finds that it should say so (this tab only). */
export const DELETED_NOTICE_KEY = 'cym:account-deleted';

/** 'Eliminar mi cuenta', confirmed with the password: 204, or the server's error (a wrong password on the field). */
export const deleteAccount = (password: string) =>
  ensureOk(api.POST('/api/account/delete', { body: { password } }), DELETE_FAILED);
