export const AR_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/**
 * A value made on first use, then kept. Intl's formatters are: making one costs far more than
 * using one (lists format hundreds of dates), and making the seven of this module when it loads
 * cost the web app's start tens of milliseconds on a phone, before anything was formatted.
 */
export function once<T>(make: () => T): () => T {
  let value: { made: T } | undefined;
  return () => (value ??= { made: make() }).made;
}

const moneyFormat = once(
  () =>
    new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: 'ARS',
      maximumFractionDigits: 0,
    }),
);

const numberFormat = once(() => new Intl.NumberFormat('es-AR'));

/**
 * A number in the Argentine format: 12345 → '12.345'. (`n.toLocaleString('es-AR')` says the same
 * but makes a formatter on every call: a list of cards paid it once per card.)
 */
export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** Integer pesos in the Argentine format: 40000 → "$ 40.000". */
export function formatPesos(amount: number): string {
  return moneyFormat()
    .format(amount)
    .replace(/\u00a0/g, ' ');
}

const centsFormat = once(
  () =>
    new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: 'ARS',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** Pesos with their cents, as the legal wage scales are written: 441806.54 → "$ 441.806,54". */
export function formatPesosCents(amount: number): string {
  return centsFormat()
    .format(amount)
    .replace(/\u00a0/g, ' ');
}

/** An offer's monthly salary as pages and e-mails say it: "$ 450.000 por mes". */
export function formatMonthlySalary(amount: number): string {
  return `${formatPesos(amount)} por mes`;
}

// Made on first use, once (`once`).
const dayFormat = once(
  () =>
    new Intl.DateTimeFormat('es-AR', {
      timeZone: AR_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
);
const timeFormat = once(
  () =>
    new Intl.DateTimeFormat('es-AR', {
      timeZone: AR_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** dd/mm/yyyy in Buenos Aires time. */
const AR_ISO_DATE = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: AR_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/**
 * Today's date in Argentina as `YYYY-MM-DD`: the calendar day a scale takes effect, a certificate
 * expires or a CSV is named for.
 */
export function argentinaToday(now: Date): string {
  return AR_ISO_DATE().format(now);
}

/** A whole number with Argentina's thousands separator ('1.000', '12.345'), the same in every runtime. */
export function formatThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * '1 perfil', '1.200 perfiles': a count with its noun in singular or plural; with `exact` false
 * the count is a bound passed ('Más de 1.000 perfiles').
 */
export function formatCount(count: number, singular: string, plural: string, exact = true): string {
  const text = `${formatThousands(count)} ${count === 1 ? singular : plural}`;
  return exact ? text : `Más de ${text}`;
}

/** The workers directory's count ('1 perfil', '12 perfiles', 'Más de 1.000 perfiles'). */
export const formatProfileCount = (count: number, exact = true): string =>
  formatCount(count, 'perfil', 'perfiles', exact);

/** The offers directory's count ('1 oferta', '3 ofertas', 'Más de 1.000 ofertas'). */
export const formatOfferCount = (count: number, exact = true): string => formatCount(count, 'oferta', 'ofertas', exact);

export function formatDate(date: Date): string {
  const parts = dayFormat().formatToParts(date);
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** HH:mm (24 h) in Buenos Aires time: the time of a chat message. */
export function formatTime(date: Date): string {
  const parts = timeFormat().formatToParts(date);
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** dd/mm/yyyy HH:mm (24 h) in Buenos Aires time: when someone last logged in. */
export function formatDateTime(date: Date): string {
  const parts = timeFormat().formatToParts(date);
  return `${formatDate(date)} ${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** An age as every screen shows it: "34 años" (the editor, the public profile, the offer). */
export function formatAge(years: number): string {
  return years === 1 ? '1 año' : `${years} años`;
}

/** Whole years between a birth date (yyyy-mm-dd) and today. */
export function ageFromBirthDate(birthDate: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * "Last seen" as a short Spanish phrase, or '-' when unknown. Within five minutes the person counts
 * as online.
 */
export function formatLastSeen(lastSeen: Date | null | undefined, now: Date = new Date()): string {
  if (!lastSeen) return '-';
  const minutes = Math.floor((now.getTime() - lastSeen.getTime()) / 60000);
  if (minutes < 5) return 'En línea';
  if (minutes < 60) return `Hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'Hace 1 hora' : `Hace ${hours} horas`;
  const days = Math.floor(hours / 24);
  if (days < 30) return days === 1 ? 'Hace 1 día' : `Hace ${days} días`;
  const months = Math.floor(days / 30);
  if (months < 12) return months === 1 ? 'Hace 1 mes' : `Hace ${months} meses`;
  return 'Hace más de un año';
}

/**
 * `formatLastSeen`'s phrase inside a sentence: 'Última conexión: hace 13 días', 'en
 * línea'. On its own (a badge) the phrase keeps its capital.
 */
export function lastSeenInSentence(formatted: string): string {
  return /^(Hace|En línea)/.test(formatted) ? formatted.charAt(0).toLowerCase() + formatted.slice(1) : formatted;
}

const SPANISH = once(() => new Intl.Collator('es'));

/** Compares two texts as a Spanish reader sorts them: 'Córdoba' before 'Corrientes'. */
export function compareSpanish(a: string, b: string): number {
  return SPANISH().compare(a, b);
}

/** A copy of a list of places (or anything named) in Spanish order, by name then id. */
export function sortByName<T extends { name: string; id?: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => compareSpanish(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0));
}
