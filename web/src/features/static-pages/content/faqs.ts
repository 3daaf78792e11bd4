import type { Faq } from './types';

export const FAQS: Faq[] = [
  {
    question: '¿Qué es Casa y Manos?',
    answer:
      'Es una plataforma argentina que conecta a familias y empresas con personas que trabajan en tareas del hogar: limpieza, cuidado de chicos, bebés y adultos mayores, cocina, mascotas y más. Nosotros no somos el empleador: te ayudamos a encontrar a la persona indicada y a comunicarte con ella de forma simple y segura.',
  },
  {
    question: '¿Cómo me registro para buscar trabajo?',
    answer:
      'Registrarte como trabajador o trabajadora es totalmente gratis. Tocá "Registrate", elegí la opción para trabajadores y completá tus datos. Después armá tu perfil con una presentación, los servicios que ofrecés y la modalidad en la que querés trabajar. Si te trabás en algún paso, escribinos y te ayudamos.',
  },
  {
    question: '¿Cómo me registro si busco a alguien para contratar?',
    answer:
      'Tocá "Registrate", elegí la opción para empleadores e indicá si sos una familia o una empresa. Con la cuenta creada ya podés recorrer la plataforma; para ver todos los perfiles y chatear con los trabajadores, activá tu membresía.',
  },
  {
    question: '¿Qué incluye la membresía para empleadores?',
    answer:
      'Con la membresía accedés a toda la base de trabajadores registrados, podés chatear sin límite con quienes te interesen, publicar hasta dos ofertas de empleo y tenés atención prioritaria de nuestro equipo de soporte. El precio actualizado lo ves siempre en la plataforma antes de pagar.',
  },
  {
    question: '¿Qué diferencia hay entre las membresías PLUS, PREMIUM y ELITE?',
    answer:
      'Son los tres planes disponibles para empleadores y cada uno se renueva cada 30 días. Antes de pagar vas a ver en detalle qué incluye cada plan y su precio, así elegís el que mejor se adapta a tu búsqueda. Si ya encontraste a la persona que buscabas, podés dejar de renovar cuando quieras.',
  },
  {
    question: '¿Cómo puedo pagar?',
    answer:
      'Podés pagar con tarjeta a través de MercadoPago o por transferencia bancaria. Con MercadoPago la membresía se activa apenas se aprueba el pago. Si pagás por transferencia, mandanos el comprobante y la activamos cuando se acredite el dinero, en general dentro de las 48 horas hábiles.',
  },
  {
    question: '¿Me devuelven el dinero si no encuentro a nadie?',
    answer:
      'No. Los pagos de las membresías no son reembolsables, porque desde el momento en que se activan tenés acceso a toda la base de trabajadores. Por eso te recomendamos leer bien qué incluye cada plan antes de pagar. Si tuviste un cobro duplicado o un error en el pago, escribinos y lo resolvemos.',
  },
  {
    question: '¿Cómo funciona el chat?',
    answer:
      'Cuando un empleador con membresía activa encuentra un perfil que le interesa, puede mandarle un mensaje desde la plataforma. El trabajador recibe el aviso y puede responder desde su cuenta, sin costo. Usá el chat para presentarte, hacer preguntas y coordinar una entrevista. Las conversaciones quedan guardadas en tu cuenta.',
  },
  {
    question: 'Soy trabajador: ¿cuándo pueden ver mi perfil los empleadores?',
    answer:
      'Tu perfil se muestra a los empleadores cuando está completo, es decir, cuando cargaste tus datos personales, tu presentación, los servicios que ofrecés y tu modalidad de trabajo (por horas, con retiro, cama adentro, etc.). Un perfil completo y con buena presentación recibe muchos más mensajes.',
  },
  {
    question: '¿Qué cuidados tengo que tener al contratar o aceptar un trabajo?',
    answer:
      'Conocé siempre a la persona en una entrevista y verificá sus referencias llamando a trabajos anteriores. Nunca pagues por adelantado un trabajo que todavía no se hizo y, si buscás empleo, desconfiá de cualquiera que te pida plata para darte un puesto. Y si contratás, registrá a la persona ante ARCA como indica la Ley 26.844: es su derecho y también te protege a vos.',
  },
];
