import type { Section } from './types';

export const PRIVACY_UPDATED: string = '29 de noviembre de 2026';

export const PRIVACY_SECTIONS: Section[] = [
  {
    title: 'Para qué sirve esta política',
    paragraphs: [
      'En Casa y Manos cuidamos la información que nos confiás. En esta política te contamos, con palabras simples, qué datos juntamos, para qué los usamos, con quién los compartimos y qué derechos tenés sobre ellos.',
      'Tratamos los datos personales de acuerdo con la Ley 25.326 de Protección de los Datos Personales, su decreto reglamentario y las normas de la Agencia de Acceso a la Información Pública (AAIP).',
    ],
  },
  {
    title: 'Qué datos recolectamos',
    paragraphs: [
      'Solo pedimos los datos que necesitamos para que la plataforma funcione. Según el tipo de cuenta, pueden ser:',
    ],
    bullets: [
      'Datos de registro: nombre, apellido, correo electrónico, teléfono, provincia y localidad.',
      'Datos del perfil de trabajadores: presentación, experiencia, servicios que ofrecés, modalidad de trabajo, disponibilidad y foto, si decidís subirla.',
      'Datos de empleadores: tipo de empleador (familia o empresa), ofertas de empleo publicadas y, en el caso de empresas, razón social y CUIT.',
      'Mensajes que se envían por el chat de la plataforma.',
      'Datos de pago: estado de la operación y comprobantes. Los datos de tarjeta los procesa MercadoPago y no los guardamos nosotros.',
      'Datos técnicos: dirección IP, tipo de dispositivo y navegador, y registros de acceso.',
    ],
  },
  {
    title: 'Para qué usamos tus datos',
    paragraphs: [
      'Usamos tu información para crear y mantener tu cuenta, mostrar los perfiles a los empleadores con membresía activa, hacer funcionar el chat, procesar pagos, darte soporte y prevenir fraudes o usos indebidos.',
      'También podemos enviarte avisos sobre tu cuenta y, si lo aceptás, novedades de la plataforma. Podés dejar de recibir las comunicaciones promocionales cuando quieras. Nunca vendemos tus datos personales.',
    ],
  },
  {
    title: 'Qué ven los demás usuarios',
    paragraphs: [
      'Si sos trabajador, los empleadores con membresía activa pueden ver tu perfil completo: datos personales que cargaste, presentación, servicios y modalidad. Te recomendamos no publicar información que no quieras compartir, como tu dirección exacta o tu número de documento.',
      'Si sos empleador, los trabajadores pueden ver tu nombre, tu zona y el contenido de las ofertas de empleo que publiques, además de los mensajes que les envíes.',
    ],
  },
  {
    title: 'Con quién compartimos información',
    paragraphs: ['Compartimos datos solo cuando es necesario para prestar el servicio o cuando la ley lo exige:'],
    bullets: [
      'MercadoPago, para procesar los pagos con tarjeta. Le enviamos los datos mínimos de la operación (monto, descripción y correo electrónico) y MercadoPago trata la información según su propia política de privacidad.',
      'Proveedores de alojamiento, correo electrónico y soporte técnico que trabajan por cuenta nuestra y con obligación de confidencialidad.',
      'Autoridades judiciales o administrativas, cuando nos lo requieran formalmente conforme a la ley.',
    ],
  },
  {
    title: 'Cookies y almacenamiento local',
    paragraphs: [
      'Usamos cookies y el almacenamiento local de tu navegador (local storage) principalmente para mantener tu sesión iniciada, recordar tus preferencias y proteger tu cuenta. Sin estas herramientas no podrías ingresar a la plataforma.',
      'También podemos usar cookies de medición para saber cómo se usa el sitio y mejorarlo. Podés borrar las cookies y el almacenamiento local desde la configuración de tu navegador; si lo hacés, vas a tener que volver a iniciar sesión.',
    ],
  },
  {
    title: 'Cómo protegemos tus datos',
    paragraphs: [
      'Aplicamos medidas técnicas y organizativas razonables para proteger la información: conexiones cifradas, contraseñas guardadas de forma segura y acceso restringido a las personas del equipo que lo necesitan para trabajar.',
      'Ningún sistema es completamente invulnerable. Si ocurriera un incidente que afecte tus datos, te vamos a informar y vamos a tomar las medidas necesarias para reducir el daño.',
    ],
  },
  {
    title: 'Cuánto tiempo guardamos los datos',
    paragraphs: [
      'Conservamos tus datos mientras tu cuenta esté activa. Cuando eliminás tu cuenta, lo que otros veían deja de verse en el momento: tu perfil público, tus ofertas, tus fotos, tus documentos de verificación, lo que guardaste y tus búsquedas. Quien conversó con vos ve «Usuario eliminado».',
      'Dentro de los 30 días siguientes borramos o anonimizamos el resto de tus datos personales: el texto de los mensajes que escribiste (en su lugar se lee «Mensaje eliminado»), las referencias que escribiste y las que te escribieron, el CUIL, el CUIT y el domicilio de trabajo de tus relaciones laborales, los correos que te enviamos y tus datos en el registro interno de las acciones del equipo.',
      'Lo que guardamos después de esos 30 días: tus pagos (monto, fecha y medio de pago), sin datos de contacto, durante el plazo que exige la ley impositiva para la contabilidad; y los importes de las relaciones laborales registradas, sin datos personales.',
    ],
  },
  {
    title: 'Tus derechos y cómo usarlos',
    paragraphs: [
      'La Ley 25.326 te da derecho a saber qué datos tuyos tenemos, a corregirlos y a pedir que los borremos, salvo los que la ley nos obliga a conservar. Casi todo lo podés hacer vos mismo desde Mi cuenta, sin pedírselo a nadie:',
    ],
    bullets: [
      'Acceso: con «Descargar mis datos», en Mi cuenta, te mandamos por correo un enlace a un archivo ZIP con todos tus datos. Suele llegar en pocos minutos y el enlace vale 24 horas. La ley te garantiza este acceso gratis al menos cada seis meses, o antes si acreditás un interés legítimo (artículo 14, inciso 3).',
      'Rectificación y actualización: editás tus datos en Mi cuenta y el cambio es inmediato. Si hay algo que no podés cambiar vos, escribinos y lo corregimos.',
      'Supresión: con «Eliminar mi cuenta», al final de Mi cuenta, confirmás con tu contraseña. Lo público desaparece en el momento y el resto se borra o anonimiza dentro de los 30 días (lo contamos arriba). Solo guardamos los pagos, para la contabilidad y sin datos de contacto, como exige la ley impositiva. Te confirmamos la eliminación por correo.',
      'Sesiones: en «Sesiones activas», en Mi cuenta, ves los dispositivos con tu cuenta abierta y cerrás uno o todos en el momento.',
      'Bloquear y denunciar: desde una conversación o un perfil podés bloquear a una persona, que deja de poder escribirte en el momento, o denunciarla para que el equipo la revise.',
      'Avisos: apagás los correos y las notificaciones en Mi cuenta, en el momento.',
    ],
  },
  {
    title: 'Si nos escribís o querés reclamar',
    paragraphs: [
      'También podés ejercer cualquiera de estos derechos escribiéndonos desde la página de Contacto. Puede que te pidamos algún dato para confirmar que la cuenta es tuya. Respondemos los pedidos de acceso dentro de los 10 días corridos y los de rectificación o supresión dentro de los 5 días hábiles, como fija la Ley 25.326.',
      'La Agencia de Acceso a la Información Pública (AAIP), en su carácter de órgano de control de la Ley 25.326, tiene la atribución de atender las denuncias y reclamos de quienes consideren afectados sus derechos por el incumplimiento de las normas de protección de datos personales. Podés encontrarla en argentina.gob.ar/aaip.',
    ],
  },
  {
    title: 'Cómo contactarnos y cambios en esta política',
    paragraphs: [
      'Para cualquier consulta sobre privacidad, escribinos desde la página de Contacto.',
      'Si modificamos esta política, vamos a actualizar la fecha que figura al principio y, cuando el cambio sea importante, te lo vamos a avisar por correo electrónico o dentro de la plataforma.',
    ],
  },
];
