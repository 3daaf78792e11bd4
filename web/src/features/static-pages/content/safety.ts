import type { Section } from './types';

export const SAFETY_HERO = {
  title: 'Consejos de seguridad',
  text: 'Cómo cuidarte cuando buscás trabajo o contratás a alguien para tu casa.',
};

/** For everyone, workers and families alike. */
export const SAFETY_SECTIONS: Section[] = [
  {
    title: 'Conocerse primero',
    paragraphs: [
      'Antes del primer día de trabajo, conózcanse en un lugar público, como un bar o una plaza, o por videollamada. Si la entrevista es en una casa, avisale a alguien de confianza adónde vas y a qué hora pensás volver.',
    ],
  },
  {
    title: 'Nunca pagues para conseguir un trabajo',
    paragraphs: [
      'Nadie te tiene que cobrar por una entrevista, un curso obligatorio, un uniforme o un "lugar" en una lista. Si alguien te pide plata por adelantado para darte un trabajo, es una estafa: no pagues y denuncialo.',
      'Tampoco compartas claves, códigos que te lleguen por SMS o WhatsApp, ni fotos de tu tarjeta. Ni el equipo de Casa y Manos te los va a pedir nunca.',
    ],
  },
  {
    title: 'Verificá la identidad',
    paragraphs: [
      'Buscá la insignia "Identidad verificada" en los perfiles y las ofertas: quiere decir que revisamos el DNI de esa persona. Cuando se encuentren, pedile que te muestre su documento y fijate que el nombre coincida.',
    ],
  },
  {
    title: 'Hablá dentro del sitio',
    paragraphs: [
      'Mantené la conversación en el chat de Casa y Manos hasta que tengas confianza. Así queda registro de lo acordado y, si algo sale mal, podemos ayudarte. Desconfiá de quien te apura para pasar a otra aplicación.',
    ],
  },
  {
    title: 'Bloquear y denunciar',
    paragraphs: [
      'Si alguien te incomoda, tocá "Bloquear" en la conversación, en su perfil o en su oferta: no va a poder escribirte ni empezar una conversación con vos, y no le avisamos. Dejás de verla en los listados y en tus alertas. Desde "Mi perfil", en "Personas bloqueadas", podés desbloquearla cuando quieras.',
      'Si viste algo que no está bien, escribinos desde la página de contacto: leemos cada mensaje.',
    ],
  },
];

/** What the page says to each side in particular. */
export const SAFETY_FOR_WORKERS: string[] = [
  'Pedí que lo acordado (horario, tareas y sueldo) quede por escrito y que te registren en ARCA: tenés derecho a recibo de sueldo, aportes y vacaciones.',
  'No dejes tu DNI ni tu celular "en garantía", y no aceptes trabajar sin que te digan la dirección antes.',
  'Si te proponen algo distinto de lo que decía la oferta, podés decir que no.',
];

export const SAFETY_FOR_FAMILIES: string[] = [
  'Pedí referencias de trabajos anteriores y leé las que dejaron otras familias en su perfil.',
  'Mostrá la casa y explicá las tareas antes de empezar; acordá un período de prueba.',
  'Registrá la relación laboral: protege a quien trabaja y a tu familia.',
];

/** Who to call in an emergency, in Argentina. */
export const EMERGENCY_NUMBERS: { number: string; what: string }[] = [
  { number: '911', what: 'Emergencias: policía' },
  { number: '144', what: 'Violencia de género: atención, contención y asesoramiento, las 24 horas' },
  { number: '137', what: 'Violencia familiar y sexual' },
  { number: '102', what: 'Derechos de niñas, niños y adolescentes' },
];
