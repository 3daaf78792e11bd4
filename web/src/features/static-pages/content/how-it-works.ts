import type { Card, Faq, Step } from './types';

export interface HowHero {
  title: string;
  text: string;
}

export const HOW_HERO: HowHero = {
  title: '¿Cómo funciona Casa y Manos?',
  text: 'Es simple: los trabajadores muestran lo que saben hacer y los empleadores los encuentran, chatean con ellos y coordinan una entrevista. Te contamos paso a paso cómo empezar, según lo que buscás.',
};

export const EMPLOYER_STEPS: Step[] = [
  {
    title: 'Creá tu cuenta',
    text: 'Registrate como empleador en pocos minutos, contanos si sos una familia o una empresa y en qué zona estás.',
  },
  {
    title: 'Activá tu membresía',
    text: 'Pagá con tarjeta por MercadoPago o por transferencia bancaria y accedé a todos los perfiles, al chat ilimitado y a la publicación de hasta dos ofertas de empleo.',
  },
  {
    title: 'Conocé y elegí',
    text: 'Filtrá por servicio y zona, escribile a quien te interese, hacé una entrevista y verificá sus referencias antes de decidir.',
  },
];

export const WORKER_STEPS: Step[] = [
  {
    title: 'Registrate gratis',
    text: 'Creá tu cuenta como trabajador sin pagar nada. Te lleva solo unos minutos.',
  },
  {
    title: 'Completá tu perfil',
    text: 'Cargá tus datos personales, escribí una presentación contando tu experiencia y elegí los servicios y la modalidad en la que querés trabajar.',
  },
  {
    title: 'Recibí mensajes',
    text: 'Cuando tu perfil está completo, las familias y empresas pueden verte y escribirte por el chat. Respondé, conocelos y decidí con tranquilidad.',
  },
];

export const JOB_MODALITIES: Card[] = [
  {
    title: 'Empleada/o doméstica/o',
    text: 'Limpieza y orden de la casa, lavado y planchado de ropa y tareas generales del hogar, por horas o con jornada completa.',
  },
  {
    title: 'Niñera/o',
    text: 'Cuidado de chicos en casa, acompañamiento a la escuela, ayuda con las tareas y juegos pensados para cada edad.',
  },
  {
    title: 'Enfermera/o de bebés',
    text: 'Atención especializada de recién nacidos y bebés, con apoyo a la familia en la alimentación, el sueño y los primeros cuidados.',
  },
  {
    title: 'Acompañante de adultos mayores',
    text: 'Compañía y asistencia diaria para personas mayores, con ayuda en la higiene, las comidas, las salidas y el recordatorio de la medicación indicada por su médico.',
  },
  {
    title: 'Cuidado y paseo de mascotas',
    text: 'Paseos, alimentación y atención de perros, gatos y otras mascotas mientras vos trabajás o estás de viaje.',
  },
  {
    title: 'Cocinera/o',
    text: 'Preparación de comidas caseras para el día a día o para eventos, respetando los gustos y las dietas de cada familia.',
  },
  {
    title: 'Cuidado de casa y mascotas',
    text: 'Una persona de confianza que se queda en tu casa mientras no estás, cuida a tus mascotas y mantiene todo en orden.',
  },
  {
    title: 'Au pair (niñera cama adentro)',
    text: 'Niñera que vive con la familia y acompaña la rutina de los chicos de forma cercana, con horarios y descansos acordados.',
  },
  {
    title: 'Ama de llaves / Mayordomo',
    text: 'Organización integral del hogar: coordinación del personal, compras, agenda de la casa y atención de visitas.',
  },
  {
    title: 'Limpieza y mantenimiento comercial',
    text: 'Limpieza y pequeños arreglos en oficinas, locales, consultorios y edificios, con horarios que se adaptan a cada empresa.',
  },
];

export const HOW_FAQ_CARDS: Faq[] = [
  {
    question: '¿Cuánto cuesta registrarse?',
    answer:
      'Para los trabajadores es gratis, siempre. Los empleadores pagan una membresía para contactar trabajadores; el precio está a la vista antes de pagar.',
  },
  {
    question: '¿Casa y Manos contrata a los trabajadores?',
    answer:
      'No. Somos una plataforma que los conecta. La relación de trabajo se acuerda directamente entre el empleador y el trabajador.',
  },
  {
    question: '¿Cuánto tarda en activarse la membresía?',
    answer:
      'Con tarjeta por MercadoPago se activa en el momento. Con transferencia bancaria, apenas confirmamos el pago, en general dentro de las 48 horas hábiles.',
  },
  {
    question: '¿Tengo que registrar a la persona que contrato?',
    answer:
      'Sí. Según la Ley 26.844, el empleador tiene que registrar a la trabajadora o al trabajador de casas particulares ante ARCA desde el primer día de trabajo.',
  },
];
