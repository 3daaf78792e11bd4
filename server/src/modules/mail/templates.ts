import { PRODUCT_NAME } from '@cym/common';
import { escapeHtml } from '../../common/html';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** One simple, mobile-friendly layout: a greeting, a paragraph, one big button, the plain link. */
function layout(
  title: string,
  greeting: string,
  paragraph: string,
  button: string,
  link: string,
  footnote: string,
): string {
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f4;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<p style="font-size:16px;margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(paragraph)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;padding:14px 22px;border-radius:999px;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#5b6472;margin:0 0 8px">Si el botón no funciona, copiá este enlace en tu navegador:</p>
<p style="font-size:13px;word-break:break-all;margin:0 0 16px"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#5b6472;margin:0">${escapeHtml(footnote)}</p>
</td></tr></table></body></html>`;
}

export function verificationEmail(firstName: string, link: string): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  const paragraph = `Gracias por registrarte en ${PRODUCT_NAME}. Para activar tu cuenta, confirmá tu correo electrónico con el botón de abajo.`;
  const footnote = 'El enlace vence en 3 días. Si no creaste esta cuenta, ignorá este correo.';
  return {
    subject: `Confirmá tu correo en ${PRODUCT_NAME}`,
    html: layout('Confirmá tu correo', greeting, paragraph, 'Confirmar mi correo', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nConfirmar mi correo: ${link}\n\n${footnote}\n`,
  };
}

export function resetPasswordEmail(firstName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    'Recibimos un pedido para restablecer la contraseña de tu cuenta. Elegí una nueva con el botón de abajo.';
  const footnote =
    'El enlace vence en 1 hora y sirve una sola vez. Si no pediste el cambio, ignorá este correo: tu contraseña sigue igual.';
  return {
    subject: `Restablecé tu contraseña de ${PRODUCT_NAME}`,
    html: layout('Restablecé tu contraseña', greeting, paragraph, 'Elegir una nueva contraseña', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nElegir una nueva contraseña: ${link}\n\n${footnote}\n`,
  };
}

export interface BankDetails {
  name: string;
  holder: string;
  cuit: string;
  alias: string;
  account: string;
}

export function bankTransferEmail(
  firstName: string,
  amount: string,
  reference: string,
  bank: BankDetails,
  link: string,
): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    `Registramos tu pedido de membresía por ${amount}. Para activarla, transferí ese monto a ${bank.name}, ` +
    `titular ${bank.holder} (CUIT ${bank.cuit}), alias ${bank.alias}, CBU/CVU ${bank.account}, ` +
    `y escribí la referencia ${reference} en el concepto. La membresía se activa cuando recibimos el dinero.`;
  const footnote = 'Si ya transferiste, no hace falta que hagas nada más: te avisamos por correo cuando esté activa.';
  return {
    subject: `Datos para tu transferencia a ${PRODUCT_NAME}`,
    html: layout('Datos para tu transferencia', greeting, paragraph, 'Ver mi cuenta', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nVer mi cuenta: ${link}\n\n${footnote}\n`,
  };
}

export function membershipActivatedEmail(firstName: string, endDate: string, link: string): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  const paragraph =
    `Tu membresía de ${PRODUCT_NAME} está activa hasta el ${endDate}. Tus ofertas laborales ya se muestran ` +
    'y podés chatear con las personas que te interesen.';
  const footnote = 'Los pagos no son reembolsables. Ante cualquier duda, respondé este correo.';
  return {
    subject: `Tu membresía de ${PRODUCT_NAME} está activa`,
    html: layout('Tu membresía está activa', greeting, paragraph, 'Ir a mi cuenta', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nIr a mi cuenta: ${link}\n\n${footnote}\n`,
  };
}

export function unreadMessageEmail(firstName: string, partnerName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `${partnerName} te escribió en ${PRODUCT_NAME} y todavía no leíste el mensaje. Respondé desde el chat.`;
  const footnote = 'Te avisamos una sola vez por conversación hasta que la abras.';
  return {
    subject: `Tenés un mensaje sin leer de ${partnerName}`,
    html: layout('Tenés un mensaje sin leer', greeting, paragraph, 'Abrir el chat', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nAbrir el chat: ${link}\n\n${footnote}\n`,
  };
}
