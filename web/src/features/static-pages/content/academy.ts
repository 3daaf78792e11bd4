export interface AcademyHero {
  title: string;
  text: string;
}

export const ACADEMY_HERO: AcademyHero = {
  title: 'Academia Casa y Manos: muy pronto',
  text: 'Estamos preparando cursos, manuales y talleres para que sigas aprendiendo y creciendo: primeros auxilios, cuidado de bebés y adultos mayores, cocina, limpieza segura y tus derechos como trabajador o empleador. Muy pronto vas a poder acceder desde tu cuenta.',
};
