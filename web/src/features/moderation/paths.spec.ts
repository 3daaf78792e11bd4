import { reportPath, targetName, targetTypeOf } from './paths';

describe("the moderation pages' addresses and names", () => {
  it('build the address of a reported target', () => {
    expect(reportPath('message', 12)).toBe('/admin/denuncias/message/12');
    expect(reportPath('worker_profile', 3)).toBe('/admin/denuncias/worker_profile/3');
  });

  it('read a target kind from the address, and nothing else', () => {
    expect(targetTypeOf('job_offer')).toBe('job_offer');
    expect(targetTypeOf('user')).toBeNull();
    expect(targetTypeOf('')).toBeNull();
    expect(targetTypeOf(undefined)).toBeNull();
  });

  it('name a target by its kind and label', () => {
    expect(targetName('message', 'Hola', 'Mariana Sosa')).toBe('Mensaje: «Hola»');
    expect(targetName('message', null, 'Mariana Sosa')).toBe('Mensaje de Mariana Sosa');
    expect(targetName('worker_profile', null, 'Lucía Benítez')).toBe('Perfil: Lucía Benítez');
    expect(targetName('worker_profile', null)).toBe('Perfil');
    expect(targetName('job_offer', 'Niñera', 'Mariana Sosa')).toBe('Oferta: «Niñera»');
    expect(targetName('job_offer', null)).toBe('Oferta');
  });
});
