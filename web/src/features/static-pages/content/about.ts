import type { Founder, Section } from './types';

export interface AboutHero {
  title: string;
  text: string;
}

export const ABOUT_HERO: AboutHero = {
  title: 'Hecho por personas que saben lo que cuesta encontrar ayuda en casa',
  text: 'Casa y Manos nació de una búsqueda propia y de muchas charlas con familias y trabajadoras. Queremos que encontrar a alguien de confianza, o conseguir un buen trabajo, sea más fácil, más justo y más humano.',
};

export const FOUNDERS: Founder[] = [
  {
    name: 'Lucía Ferreyra',
    role: 'Cofundadora y directora general',
    bio: 'Trabajó durante diez años en recursos humanos en Córdoba. Cuando nació su segundo hijo vivió en carne propia lo difícil que era encontrar una niñera de confianza sin depender del boca en boca, y decidió hacer algo al respecto.',
  },
  {
    name: 'Martín Aguirre',
    role: 'Cofundador y director de tecnología',
    bio: 'Desarrollador de software nacido en Tucumán. Su mamá trabajó muchos años en casas particulares y le contó siempre lo que costaba conseguir empleo registrado. Se encarga de que la plataforma sea simple de usar para todos, incluso desde un celular básico.',
  },
];

export const ABOUT_WHY: Section = {
  title: '¿Por qué creamos Casa y Manos?',
  paragraphs: [
    'En la Argentina, la mayoría de las búsquedas de trabajo en casas particulares se hacen por recomendación: un conocido, un grupo de mensajes, un cartel en la verdulería. Eso deja afuera a muchas personas con experiencia y obliga a las familias a decidir con muy poca información.',
    'Quisimos crear un lugar donde los trabajadores puedan mostrar lo que saben hacer sin pagar nada, y donde las familias y empresas puedan conocerlos, hablar con ellos y elegir con tranquilidad.',
  ],
  bullets: [
    'Porque buscar ayuda para tu casa no debería llevar semanas.',
    'Porque quien trabaja merece ser encontrado por su experiencia, no solo por a quién conoce.',
    'Porque el trabajo en casas particulares también es trabajo, y tiene derechos.',
  ],
};

export const ABOUT_MISSION: Section = {
  title: 'Nuestra misión',
  paragraphs: [
    'Conectar a familias y empresas de todo el país con trabajadores del hogar y de cuidado, de forma transparente, respetuosa y segura.',
    'Queremos que cada encuentro en Casa y Manos termine en una relación de trabajo justa y registrada, por eso acompañamos a empleadores y trabajadores con información clara sobre sus derechos y obligaciones, y con recursos de capacitación para seguir creciendo.',
  ],
};
