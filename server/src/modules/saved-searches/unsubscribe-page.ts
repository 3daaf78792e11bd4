import { PRODUCT_NAME, SAVED_SEARCH_MESSAGES } from '@cym/common';
import { escapeHtml } from '../../common/html';

const BUTTON =
  'display:inline-block;min-height:48px;box-sizing:border-box;padding:14px 22px;border-radius:999px;font-weight:bold;text-decoration:none;';

/**
 * The page a GET on the alert e-mails' List-Unsubscribe address answers (a mail app without RFC
 * 8058's one-click POST opens it in the browser, and so do link scanners). It only asks: the
 * button leads to /alertas/baja, the site's page that stops the e-mails, so a GET never changes
 * anything. `target` is the search the token names, null for a bad link.
 */
export function unsubscribePage(target: { name: string; muted: boolean } | null, token: string): string {
  const alerts = `<a href="/alertas" style="${BUTTON}color:#0f766e;border:2px solid #0f766e">Ir a Búsquedas y alertas</a>`;
  let body: string;
  if (!target) {
    body = `<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(SAVED_SEARCH_MESSAGES.badLink)}</p>
<p style="margin:0">${alerts}</p>`;
  } else if (target.muted) {
    body = `<p style="font-size:16px;line-height:1.5;margin:0 0 24px">Ya no recibís e-mails de la búsqueda «${escapeHtml(target.name)}».</p>
<p style="margin:0">${alerts}</p>`;
  } else {
    const confirm = `/alertas/baja?t=${encodeURIComponent(token)}`;
    body = `<p style="font-size:16px;line-height:1.5;margin:0 0 8px">¿Querés dejar de recibir los e-mails de la búsqueda «${escapeHtml(target.name)}»?</p>
<p style="font-size:14px;line-height:1.5;color:#5b6472;margin:0 0 24px">La búsqueda queda guardada: vas a seguir viendo sus novedades en Búsquedas y alertas.</p>
<p style="margin:0 0 12px"><a href="${escapeHtml(confirm)}" style="${BUTTON}background:#0f766e;color:#fff">Sí, dejar de recibirlos</a></p>
<p style="margin:0">${alerts}</p>`;
  }
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dejar de recibir e-mails · ${escapeHtml(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:16px;background:#f6f7f4;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<main style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 16px"><a href="/" style="color:inherit;text-decoration:none">${escapeHtml(PRODUCT_NAME)}</a></p>
<h1 style="font-size:22px;margin:0 0 16px">Dejar de recibir e-mails</h1>
${body}
</main></body></html>`;
}
