import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The guard of one Spanish (issue 31): every text a person reads speaks with voseo ('Debés',
 * 'Tenés', 'Ingresá'), never with tuteo ('Debes', 'Tienes', 'Ingresa'). It reads the sources of
 * the web, common and the server (tests aside) and fails on a tú form, except in the messages the
 * spec fixes word for word, listed here with where the spec gives them.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCES = ['web/src', 'common/src', 'server/src', 'web/public'];

const SPEC_FIXED = [
  'Debes aceptar los términos y condiciones para registrarte.', // spec 01, sign-up
  'Ya tienes la sesión iniciada.', // spec 01, sign-up and login 409
  'Aun no tienes chats', // spec 01, conversations
  'Debes seleccionar al menos un servicio.', // spec 02, worker profile
  'Debes seleccionar al menos una tarea.',
  'Debes seleccionar al menos una modalidad de trabajo.',
  'Debes seleccionar al menos una modalidad.',
  'Debes ser mayor de 18.', // spec 02, onboarding wording
  '¿Estás seguro que deseas eliminar esta oferta laboral?', // spec 03, the employer's own offer
  'Error al crear el pago. Intenta nuevamente.', // spec 03, payments
  'Error al procesar el pago. Intenta nuevamente.',
  'Error al verificar el pago. Contacta soporte si el problema persiste.',
  'Error de conexión. Por favor, intenta nuevamente.', // spec 03, phone
  'Error al abrir WhatsApp. Por favor, verifica el número de teléfono.', // spec 03, WhatsApp
  'Error de conexión. Por favor, verifica tu conexión a internet e intenta nuevamente.', // spec 01
  'Por favor, ingresa tu correo electrónico.', // spec 01, forgot password
  'Por favor, ingresa un correo electrónico válido.',
  'Por favor ingresa un correo electrónico válido.', // spec 01, login
];

/** Present-tense tú forms, and tú imperatives where a sentence or a text starts. */
const TUTEO = new RegExp(
  [
    String.raw`\b(?:[Dd]ebes|[Tt]ienes|[Pp]uedes|[Qq]uieres|[Nn]ecesitas|[Dd]eseas|[Ee]res|[Ss]abes|[Pp]refieres|[Bb]uscas|[Tt]ú)\b`,
    String.raw`(?:^|['"\x60>¡¿]|[.,:;]\s)\s*(?:[Ii]ngresa|[Ss]elecciona|[Ee]lige|[Ee]scribe|Completa|[Ii]ntenta|[Vv]uelve|[Rr]evisa|[Ii]nicia|[Aa]grega|[Ss]ube|[Vv]erifica|[Cc]onfirma|[Cc]ontacta|[Rr]ecuerda|[Hh]az|[Dd]escubre|[Rr]egístrate|[Úú]nete|[Aa]segúrate|[Ff]íjate|[Pp]rueba|[Tt]oca|[Ee]nvía) [a-záéíóúñ]`,
  ].join('|'),
);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.(tsx?|html|json|md)$/.test(name) && !/\.spec\.tsx?$/.test(name) && name !== 'schema.ts' ? [path] : [];
  });
}

describe('one Spanish: voseo in every text (issue 31)', () => {
  it('finds no tú form outside the texts the spec fixes', () => {
    const found: string[] = [];
    for (const source of SOURCES)
      for (const file of files(join(ROOT, source))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          let rest = line;
          for (const fixed of SPEC_FIXED) rest = rest.split(fixed).join('');
          if (TUTEO.test(rest)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
      }
    expect(found).toEqual([]);
  });

  it('catches tuteo when it comes back', () => {
    for (const text of [
      "'Debes aceptar las reglas.'",
      "'Ingresa tu nombre.'",
      'Si quieres, <b>Tienes</b>',
      '¿Puedes venir?',
    ])
      expect([text, TUTEO.test(text)]).toEqual([text, true]);
    for (const text of [
      "'Debés aceptar las reglas.'",
      "'Ingresá tu nombre.'",
      'Tenés',
      'const tienesData = 1',
      'Completar campos',
    ])
      expect([text, TUTEO.test(text)]).toEqual([text, false]);
  });
});
