import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The guard of one Spanish: every text a person reads speaks with voseo ('Debés',
 * 'Tenés', 'Ingresá'), never with tuteo ('Debes', 'Tienes', 'Ingresa'). It reads the sources of
 * the web, common and the server (tests aside) and fails on any tú form: the messages the spec
 * quotes in tuteo are written in voseo too (same meaning and punctuation), as the issue asks.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCES = ['web/src', 'common/src', 'server/src', 'web/public'];

/** Present-tense tú forms, and tú imperatives where a sentence or a text starts or after 'Por favor'. */
const TUTEO = new RegExp(
  [
    String.raw`\b(?:[Dd]ebes|[Tt]ienes|[Pp]uedes|[Qq]uieres|[Nn]ecesitas|[Dd]eseas|[Ee]res|[Ss]abes|[Pp]refieres|[Bb]uscas|[Tt]ú)\b`,
    String.raw`(?:^|['"\x60>¡¿]|[.,:;]\s|[Pp]or favor)\s*(?:[Ii]ngresa|[Ss]elecciona|[Ee]lige|[Ee]scribe|Completa|[Ii]ntenta|[Vv]uelve|[Rr]evisa|[Ii]nicia|[Aa]grega|[Ss]ube|[Vv]erifica|[Cc]onfirma|[Cc]ontacta|[Rr]ecuerda|[Hh]az|[Dd]escubre|[Rr]egístrate|[Úú]nete|[Aa]segúrate|[Ff]íjate|[Pp]rueba|[Tt]oca|[Ee]nvía) [a-záéíóúñ]`,
  ].join('|'),
);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.(tsx?|html|json|md)$/.test(name) && !/\.spec\.tsx?$/.test(name) && name !== 'schema.ts' ? [path] : [];
  });
}

describe('one Spanish: voseo in every text', () => {
  it('finds no tú form in any source, the spec-quoted messages included', () => {
    const found: string[] = [];
    for (const source of SOURCES)
      for (const file of files(join(ROOT, source))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          if (TUTEO.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
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
      // the spec's own tú wording is caught too (voseo everywhere)
      "'Aun no tienes chats'",
      "'¿Estás seguro que deseas eliminar esta oferta laboral?'",
      "'Error al crear el pago. Intenta nuevamente.'",
      "'Error al verificar el pago. Contacta soporte si el problema persiste.'",
      "'Por favor ingresa un correo electrónico válido.'",
    ])
      expect([text, TUTEO.test(text)]).toEqual([text, true]);
    for (const text of [
      "'Debés aceptar las reglas.'",
      "'Ingresá tu nombre.'",
      'Tenés',
      'const tienesData = 1',
      'Completar campos',
      "'Aún no tenés chats'",
      "'Por favor ingresá un correo electrónico válido.'",
      "'Error al verificar el pago. Contactá a soporte si el problema persiste.'",
    ])
      expect([text, TUTEO.test(text)]).toEqual([text, false]);
  });
});
