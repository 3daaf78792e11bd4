import type { Card, Section, Step } from './types';

export interface CorporateHero {
  title: string;
  text: string;
}

export const CORPORATE_HERO: CorporateHero = {
  title: 'Personal de limpieza y servicios para tu empresa, sin vueltas',
  text: 'Casa y Manos Empresas te ayuda a cubrir puestos de limpieza, mantenimiento, cocina y cuidado con candidatos preseleccionados de nuestra red. Vos nos contás qué necesitás y nosotros te acercamos perfiles que encajan.',
};

export const CORPORATE_DIFFERENTIATOR: Section = {
  title: '¿Qué nos hace diferentes?',
  paragraphs: [
    'No somos una consultora tradicional ni cobramos un porcentaje del sueldo de la persona que contratás. Trabajamos con una red propia de más de 2.500 trabajadores activos en todo el país y te enviamos solo los perfiles que realmente se ajustan a tu búsqueda.',
    'Nuestro equipo escucha lo que necesita cada empresa, responde rápido y la acompaña durante toda la búsqueda, hasta que el puesto queda cubierto.',
  ],
  bullets: [
    'Precio claro por perfil enviado, sin comisión por contratación.',
    'Respuesta inicial en 48 horas.',
    'Cobertura en todas las provincias.',
  ],
};

export const CORPORATE_SERVICES: Card[] = [
  {
    title: 'Staff Placement',
    text: 'Cubrimos tus puestos de limpieza, mantenimiento, cocina o atención con personas de nuestra red, listas para sumarse a tu equipo en el corto plazo.',
  },
  {
    title: 'Talent Matching',
    text: 'Analizamos el puesto, el horario y la zona, y cruzamos esa información con los perfiles disponibles para enviarte solo a los candidatos que mejor encajan.',
  },
  {
    title: 'Employer Support',
    text: 'Te orientamos en la incorporación del personal: qué información pedir, cómo hacer la entrevista y qué pasos seguir para registrar la relación laboral de forma correcta.',
  },
];

export const CORPORATE_STEPS: Step[] = [
  {
    title: 'Contanos qué buscás',
    text: 'Escribinos desde el formulario de contacto con el tipo de puesto, la cantidad de personas, los horarios y la ubicación.',
  },
  {
    title: 'Recibí perfiles seleccionados',
    text: 'En un plazo de 48 horas te enviamos los primeros candidatos que cumplen con lo que pediste, con su experiencia y disponibilidad.',
  },
  {
    title: 'Entrevistá y contratá',
    text: 'Conocé a los candidatos, elegí a quienes prefieras y contratalos directamente. No cobramos comisión por la contratación.',
  },
];

export const CORPORATE_PRICING: Section = {
  title: 'Precios claros, sin sorpresas',
  paragraphs: [
    'El servicio para empresas tiene un valor aproximado de $100.000 por perfil enviado. El presupuesto final depende del tipo de puesto y de la cantidad de personas que necesites, y te lo confirmamos por escrito antes de empezar.',
    'No cobramos comisión por contratación ni porcentajes sobre el sueldo: pagás solo por los perfiles que recibís.',
  ],
  bullets: [
    'Aproximadamente $100.000 por perfil enviado.',
    'Sin comisión por contratación.',
    'Respuesta en 48 horas.',
    'Más de 2.500 trabajadores activos.',
    'Disponible en todas las provincias.',
  ],
};
