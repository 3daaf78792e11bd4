import { ACCOUNT_DELETION_TERMS, PRODUCT_NAME } from '@cym/common';
import { escapeHtml } from '../../common/html';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** A line of an e-mail's list: what it is, a detail, and its page. */
export interface EmailItem {
  title: string;
  detail: string;
  link: string;
}

/** The list of an e-mail's items, as HTML rows under its paragraph. */
function itemsHtml(items: EmailItem[]): string {
  return items
    .map(
      (item) =>
        `<p style="font-size:15px;line-height:1.4;margin:0 0 12px"><a href="${escapeHtml(item.link)}" style="color:#0f766e;font-weight:bold">${escapeHtml(item.title)}</a><br><span style="color:#5b6472">${escapeHtml(item.detail)}</span></p>`,
    )
    .join('\n');
}

/**
 * One simple, mobile-friendly layout: a greeting, a paragraph, one big button, the plain link.
 * `extra.manage` ends the footnote with a link to the page where the e-mails are set ('… en
 * <a>Búsquedas y alertas</a>.').
 */
function layout(
  title: string,
  greeting: string,
  paragraph: string,
  button: string,
  link: string,
  footnote: string,
  extra: {
    items?: EmailItem[];
    /** Further paragraphs after the first, before the button. */
    paragraphs?: string[];
    unsubscribe?: string;
    manage?: { label: string; link: string };
  } = {},
): string {
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f4;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<p style="font-size:16px;margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(paragraph)}</p>
${extra.items ? itemsHtml(extra.items) : ''}
${(extra.paragraphs ?? []).map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;padding:14px 22px;border-radius:999px;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#5b6472;margin:0 0 8px">Si el botón no funciona, copiá este enlace en tu navegador:</p>
<p style="font-size:13px;word-break:break-all;margin:0 0 16px"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#5b6472;margin:0">${escapeHtml(footnote)}${extra.manage ? ` <a href="${escapeHtml(extra.manage.link)}" style="color:#0f766e">${escapeHtml(extra.manage.label)}</a>.` : ''}</p>
${extra.unsubscribe ? `<p style="font-size:13px;margin:16px 0 0"><a href="${escapeHtml(extra.unsubscribe)}" style="color:#5b6472">Dejar de recibir estos e-mails</a></p>` : ''}
</td></tr></table></body></html>`;
}

export function verificationEmail(firstName: string, link: string): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  // The HTML part has a button; the text part (no buttons there) gives the link itself.
  const paragraph = `Gracias por registrarte en ${PRODUCT_NAME}. Para activar tu cuenta, confirmá tu correo electrónico`;
  const footnote = 'El enlace vence en 3 días. Si no creaste esta cuenta, ignorá este correo.';
  return {
    subject: `Confirmá tu correo en ${PRODUCT_NAME}`,
    html: layout(
      'Confirmá tu correo',
      greeting,
      `${paragraph} con el botón de abajo.`,
      'Confirmar mi correo',
      link,
      footnote,
    ),
    text: `${greeting}\n\n${paragraph} con este enlace:\n\n${link}\n\n${footnote}\n`,
  };
}

export function resetPasswordEmail(firstName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = 'Recibimos un pedido para restablecer la contraseña de tu cuenta. Elegí una nueva';
  const footnote =
    'El enlace vence en 1 hora y sirve una sola vez. Si no pediste el cambio, ignorá este correo: tu contraseña sigue igual.';
  return {
    subject: `Restablecé tu contraseña de ${PRODUCT_NAME}`,
    html: layout(
      'Restablecé tu contraseña',
      greeting,
      `${paragraph} con el botón de abajo.`,
      'Elegir una nueva contraseña',
      link,
      footnote,
    ),
    text: `${greeting}\n\n${paragraph} con este enlace:\n\n${link}\n\n${footnote}\n`,
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

/**
 * New matches of a saved search: the first `items` listed, `more` counted, a button to
 * the search, a link to 'Búsquedas y alertas' (`links.alerts`) and the one-click unsubscribe link
 * (also in the List-Unsubscribe headers, RFC 8058, so the mail app offers its own button).
 */
export function savedSearchEmail(
  firstName: string,
  search: { name: string; kind: 'workers' | 'job-offers'; link: string },
  items: EmailItem[],
  more: number,
  links: { alerts: string; page: string; oneClick: string },
): EmailContent {
  const total = items.length + more;
  const what =
    search.kind === 'workers'
      ? total === 1
        ? 'un perfil nuevo'
        : `${total} perfiles nuevos`
      : total === 1
        ? 'una oferta nueva'
        : `${total} ofertas nuevas`;
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `Hay ${what} para tu búsqueda «${search.name}».`;
  const rest = more > 0 ? ` y ${more} más en la búsqueda` : '';
  const footnote = `Recibís este correo porque guardaste la búsqueda «${search.name}». Podés cambiar cuándo te avisamos en`;
  const alertsPage = 'Búsquedas y alertas';
  const button = 'Ver la búsqueda';
  const listText = items.map((i) => `- ${i.title} (${i.detail}): ${i.link}`).join('\n');
  return {
    subject: `${total === 1 ? 'Novedad' : 'Novedades'} para «${search.name}»`,
    html: layout(
      paragraph,
      greeting,
      paragraph + (rest ? ` Te mostramos ${items.length}${rest}.` : ''),
      button,
      search.link,
      footnote,
      {
        items,
        unsubscribe: links.page,
        manage: { label: alertsPage, link: links.alerts },
      },
    ),
    text:
      `${greeting}\n\n${paragraph}\n\n${listText}\n` +
      (rest ? `…${rest}.\n` : '') +
      `\n${button}: ${search.link}\n\n${footnote} ${alertsPage}: ${links.alerts}\nDejar de recibir estos e-mails: ${links.page}\n`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A verification document approved: the badge it gives and, for a certificate, until when. */
export function documentApprovedEmail(
  firstName: string,
  document: string,
  badge: string,
  until: string | null,
  link: string,
): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  const paragraph =
    `Revisamos tu ${document} y lo aprobamos. Tu perfil ya muestra la insignia «${badge}»` +
    (until ? ` hasta el ${until}.` : '.');
  const footnote = until
    ? 'Un mes antes del vencimiento te avisamos para que subas un certificado nuevo.'
    : 'Tus documentos son privados: solo el equipo de revisión puede verlos.';
  return {
    subject: `Aprobamos tu ${document}`,
    html: layout(`Aprobamos tu ${document}`, greeting, paragraph, 'Ver mi cuenta', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nVer mi cuenta: ${link}\n\n${footnote}\n`,
  };
}

/** A verification document rejected: the reason and how to upload again. */
export function documentRejectedEmail(firstName: string, document: string, reason: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `Revisamos tu ${document} y no lo pudimos aprobar. Motivo: ${reason}`;
  const footnote =
    'Podés subirlo de nuevo desde tu cuenta, en la sección «Verificación»: una foto nítida y completa, o el PDF original.';
  return {
    subject: `No pudimos aprobar tu ${document}`,
    html: layout(`No pudimos aprobar tu ${document}`, greeting, paragraph, 'Subirlo de nuevo', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nSubirlo de nuevo: ${link}\n\n${footnote}\n`,
  };
}

/** A certificate's badge ends in a month. */
export function certificateExpiringEmail(firstName: string, until: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    `Tu Certificado de Antecedentes Penales vence el ${until}. Desde ese día tu perfil deja de mostrar ` +
    'la insignia «Antecedentes verificados». Pedí un certificado nuevo y subilo desde tu cuenta para mantenerla.';
  const footnote = 'Te avisamos una sola vez por certificado.';
  return {
    subject: 'Tu certificado de antecedentes vence en un mes',
    html: layout('Tu certificado vence en un mes', greeting, paragraph, 'Subir un certificado nuevo', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nSubir un certificado nuevo: ${link}\n\n${footnote}\n`,
  };
}

/** A step of a hire (proposal, answer, reminder): a paragraph and the page it is about. */
export function hireEmail(
  firstName: string,
  subject: string,
  paragraph: string,
  button: string,
  link: string,
): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  const footnote =
    'Los cálculos son orientativos según la Ley 26.844 y la escala vigente; no reemplazan el asesoramiento profesional.';
  return {
    subject,
    html: layout(subject, greeting, paragraph, button, link, footnote),
    text: `${greeting}\n\n${paragraph}\n\n${button}: ${link}\n\n${footnote}\n`,
  };
}

/**
 * The confirmation of a deleted account, to the address it had: what went at once, what is
 * erased within 30 days, what is kept and why; the button opens the privacy page.
 */
export function accountDeletedEmail(firstName: string, privacyLink: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `Eliminamos tu cuenta de ${PRODUCT_NAME}, como pediste.`;
  const terms = [ACCOUNT_DELETION_TERMS.now, ACCOUNT_DELETION_TERMS.within, ACCOUNT_DELETION_TERMS.kept];
  const footnote =
    'Si no fuiste vos, escribinos desde la página de contacto. Para volver a usar el sitio podés crear una cuenta nueva.';
  const html = layout(
    'Eliminamos tu cuenta',
    greeting,
    paragraph,
    'Ver la política de privacidad',
    privacyLink,
    footnote,
    { paragraphs: terms },
  );
  return {
    subject: 'Eliminamos tu cuenta',
    html,
    text: `${greeting}\n\n${paragraph}\n\n${terms.join('\n\n')}\n\nPolítica de privacidad: ${privacyLink}\n\n${footnote}\n`,
  };
}

/** A reporter's report was handled (never what was decided: that is the other person's). */
export function reportHandledEmail(firstName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    'Revisamos la denuncia que nos enviaste y tomamos las medidas que correspondían. Gracias por ayudarnos a cuidar la comunidad.';
  const footnote =
    'Por privacidad no contamos qué medidas tomamos. Si te sentís en peligro, llamá al 911. Podés bloquear a cualquier persona desde su perfil o la conversación.';
  return {
    subject: 'Revisamos tu denuncia',
    html: layout('Revisamos tu denuncia', greeting, paragraph, 'Consejos de seguridad', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nConsejos de seguridad: ${link}\n\n${footnote}\n`,
  };
}

/** The team's warning after a report, with its reason. */
export function moderationWarningEmail(firstName: string, reason: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `Recibimos una denuncia sobre tu cuenta y, después de revisarla, te pedimos que respetes las normas de la comunidad. Motivo: ${reason}`;
  const footnote =
    'Si vuelve a pasar, podemos suspender tu cuenta. Si creés que es un error, respondé desde la página de contacto.';
  return {
    subject: 'Una advertencia sobre tu cuenta',
    html: layout('Una advertencia sobre tu cuenta', greeting, paragraph, 'Ver las normas', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nVer las normas: ${link}\n\n${footnote}\n`,
  };
}

/** An account suspended by the team, with the reason. */
export function accountSuspendedEmail(firstName: string, reason: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = `Suspendimos tu cuenta: ya no podés ingresar, tu perfil y tus ofertas dejaron de verse y se cerraron tus sesiones. Motivo: ${reason}`;
  const footnote = 'Si creés que es un error, escribinos desde la página de contacto y lo revisamos.';
  return {
    subject: 'Suspendimos tu cuenta',
    html: layout('Suspendimos tu cuenta', greeting, paragraph, 'Escribirnos', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nEscribirnos: ${link}\n\n${footnote}\n`,
  };
}

/** A suspension lifted by the team. */
export function accountRestoredEmail(firstName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph = 'Revisamos de nuevo tu caso y levantamos la suspensión: ya podés ingresar a tu cuenta.';
  const footnote = 'Tu perfil y tus ofertas vuelven a verse como antes.';
  return {
    subject: 'Tu cuenta está activa de nuevo',
    html: layout('Tu cuenta está activa de nuevo', greeting, paragraph, 'Ingresar', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nIngresar: ${link}\n\n${footnote}\n`,
  };
}

/**
 * Another admin reset this admin's second factor (a lost phone): their sessions ended and the
 * next login enrols an authenticator app again. Says what to do when nobody asked for it.
 */
export function secondFactorResetEmail(firstName: string, link: string): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    `Otra persona del equipo de ${PRODUCT_NAME} restableció la verificación en dos pasos de tu cuenta: ` +
    'borramos tu app de autenticación y tus códigos de recuperación, y cerramos todas tus sesiones.';
  const next =
    'La próxima vez que ingreses con tu correo y tu contraseña vas a configurar la app de nuevo: tené el teléfono a mano.';
  const footnote =
    'Si no pediste esto, avisale al equipo enseguida y cambiá tu contraseña con «¿Olvidaste tu contraseña?» al ingresar.';
  return {
    subject: 'Restablecimos tu verificación en dos pasos',
    html: layout('Restablecimos tu verificación en dos pasos', greeting, paragraph, 'Ingresar', link, footnote, {
      paragraphs: [next],
    }),
    text: `${greeting}\n\n${paragraph}\n\n${next}\n\nIngresar: ${link}\n\n${footnote}\n`,
  };
}

/**
 * A login from a browser and system the account has not used lately: where and when (Argentina's
 * time), and what to do when it was not the person. Never a token or a link that signs in.
 */
export function newLoginEmail(
  firstName: string,
  login: { browser: string; system: string; date: string; time: string },
  link: string,
): EmailContent {
  const greeting = `Hola, ${firstName}:`;
  const paragraph =
    `Se inició sesión en tu cuenta de ${PRODUCT_NAME} desde ${login.browser} en ${login.system} ` +
    `el ${login.date} a las ${login.time} (hora de Argentina). Si fuiste vos, no hace falta que hagas nada.`;
  const footnote =
    'Si no fuiste vos, entrá a Mi cuenta → Sesiones activas y cerrá esa sesión. Después cambiá tu contraseña ' +
    'con «¿Olvidaste tu contraseña?» al ingresar.';
  return {
    subject: `Nuevo inicio de sesión en ${PRODUCT_NAME}`,
    html: layout('Nuevo inicio de sesión', greeting, paragraph, 'Ver mis sesiones', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nVer mis sesiones: ${link}\n\n${footnote}\n`,
  };
}

/** 'Descargar mis datos': the ZIP is ready, at a page that works only logged in to the person's own account. */
export function dataExportReadyEmail(firstName: string, until: string, link: string): EmailContent {
  const greeting = `¡Hola, ${firstName}!`;
  const paragraph =
    `Preparamos el archivo con tus datos en ${PRODUCT_NAME}. Podés descargarlo hasta el ${until} (hora de Argentina). ` +
    'El enlace solo funciona si ingresás con tu propia cuenta.';
  const footnote =
    'Si no pediste tus datos, cambiá tu contraseña: alguien pudo haber entrado a tu cuenta. Después de ese plazo, pedí una nueva descarga desde Mi cuenta.';
  return {
    subject: 'Tus datos están listos',
    html: layout('Tus datos están listos', greeting, paragraph, 'Descargar mis datos', link, footnote),
    text: `${greeting}\n\n${paragraph}\n\nDescargar mis datos: ${link}\n\n${footnote}\n`,
  };
}
