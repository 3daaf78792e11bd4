import type { Card, Testimonial } from './types';

export interface HomeHero {
  title: string;
  subtitle: string;
}

export interface HomeCta {
  title: string;
  text: string;
  button: string;
}

export interface HomeStat {
  value: string;
  label: string;
}

export const HOME_HERO: HomeHero = {
  title: 'La persona de confianza para tu casa, más cerca de lo que pensás',
  subtitle:
    'En Casa y Manos encontrás niñeras, personal de limpieza, cuidadores de adultos mayores, cocineros y mucho más en todo el país. Y si buscás trabajo, registrate gratis y dejá que las familias te encuentren.',
};

export const HOME_FEATURES: Card[] = [
  {
    title: 'Perfiles reales',
    text: 'Cada trabajador arma su perfil con su experiencia, los servicios que ofrece y cómo prefiere trabajar, para que sepas con quién hablás desde el primer momento.',
  },
  {
    title: 'Chat directo',
    text: 'Hablá sin intermediarios con las personas que te interesan, hacé todas las preguntas que necesites y coordiná una entrevista desde la misma plataforma.',
  },
  {
    title: 'Todo el país',
    text: 'Estamos en todas las provincias: desde Jujuy hasta Tierra del Fuego, podés buscar trabajadores o trabajo cerca de tu casa.',
  },
  {
    title: 'Plataforma transparente',
    text: 'Registrarte como trabajador es gratis y los empleadores ven el precio de la membresía antes de pagar. Sin letra chica ni comisiones escondidas.',
  },
];

export const HOME_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'Necesitaba a alguien para cuidar a mi mamá por las tardes y en una semana ya había hablado con tres personas. Hoy Norma es parte de la familia.',
    name: 'Mariela G.',
    role: 'Empleadora',
    place: 'Córdoba',
  },
  {
    quote:
      'Me registré sin pagar nada, completé mi perfil con calma y a los pocos días me escribió una familia del barrio. Ahora trabajo con ellos todas las mañanas.',
    name: 'Rocío F.',
    role: 'Niñera',
    place: 'Rosario, Santa Fe',
  },
  {
    quote:
      'Con los mellizos recién nacidos no dábamos más. Encontramos una enfermera de bebés con mucha experiencia y pudimos volver a dormir.',
    name: 'Federico L.',
    role: 'Empleador',
    place: 'La Plata, Buenos Aires',
  },
  {
    quote:
      'Hace años que hago limpieza y nunca había tenido tantas consultas. Lo que más me gusta es que puedo charlar con la familia antes de decidir.',
    name: 'Graciela M.',
    role: 'Empleada doméstica',
    place: 'Mendoza',
  },
];

export const HOME_CTA: HomeCta = {
  title: '¿Listo para encontrar a la persona indicada?',
  text: 'Creá tu cuenta en pocos minutos y empezá a conocer a los trabajadores de tu zona. Si buscás trabajo, registrarte es gratis.',
  button: 'Probalo hoy',
};

export const HOME_STATS: HomeStat[] = [
  { value: '+10.000', label: 'conexiones reales' },
  { value: '+2.500', label: 'trabajadores activos' },
  { value: '23 + CABA', label: 'presencia en todas las provincias' },
];
