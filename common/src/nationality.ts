/**
 * Nationality as people read it: profiles keep what the person typed (free text of 3–100
 * characters; the demo data holds country names such as 'Bolivia'), and pages say it as an
 * adjective agreeing with the person's gender: 'Nacionalidad: boliviana'. A country or an adjective
 * of the list below, in any case and with or without accents, is recognised; anything else, or a
 * person without a gender, is shown as typed.
 */

/** Country, then the [female, male] adjective. The countries people in Argentina most come from, and more. */
const NATIONALITIES: readonly (readonly [string, string, string])[] = [
  ['Argentina', 'argentina', 'argentino'],
  ['Bolivia', 'boliviana', 'boliviano'],
  ['Brasil', 'brasileña', 'brasileño'],
  ['Chile', 'chilena', 'chileno'],
  ['Colombia', 'colombiana', 'colombiano'],
  ['Cuba', 'cubana', 'cubano'],
  ['Ecuador', 'ecuatoriana', 'ecuatoriano'],
  ['Paraguay', 'paraguaya', 'paraguayo'],
  ['Perú', 'peruana', 'peruano'],
  ['Uruguay', 'uruguaya', 'uruguayo'],
  ['Venezuela', 'venezolana', 'venezolano'],
  ['México', 'mexicana', 'mexicano'],
  ['República Dominicana', 'dominicana', 'dominicano'],
  ['Haití', 'haitiana', 'haitiano'],
  ['Honduras', 'hondureña', 'hondureño'],
  ['Guatemala', 'guatemalteca', 'guatemalteco'],
  ['El Salvador', 'salvadoreña', 'salvadoreño'],
  ['Nicaragua', 'nicaragüense', 'nicaragüense'],
  ['Costa Rica', 'costarricense', 'costarricense'],
  ['Panamá', 'panameña', 'panameño'],
  ['España', 'española', 'español'],
  ['Italia', 'italiana', 'italiano'],
  ['Francia', 'francesa', 'francés'],
  ['Alemania', 'alemana', 'alemán'],
  ['Portugal', 'portuguesa', 'portugués'],
  ['Estados Unidos', 'estadounidense', 'estadounidense'],
  ['China', 'china', 'chino'],
  ['Senegal', 'senegalesa', 'senegalés'],
  ['Ucrania', 'ucraniana', 'ucraniano'],
  ['Rusia', 'rusa', 'ruso'],
];

function key(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const BY_KEY = new Map<string, readonly [string, string, string]>();
for (const entry of NATIONALITIES) for (const name of entry) BY_KEY.set(key(name), entry);

/**
 * 'Bolivia' or 'boliviano' for a woman → 'boliviana'; for a man → 'boliviano'. Null for an empty
 * value; the text as typed when it is not recognised or the gender is unknown.
 */
export function nationalityDisplay(
  nationality: string | null | undefined,
  gender: 'male' | 'female' | string | null | undefined,
): string | null {
  const text = nationality?.trim();
  if (!text) return null;
  const entry = BY_KEY.get(key(text));
  if (!entry || (gender !== 'female' && gender !== 'male')) return text;
  return gender === 'female' ? entry[1] : entry[2];
}
