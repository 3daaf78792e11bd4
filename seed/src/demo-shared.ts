/**
 * Small helpers the demo generator's parts share (texts, people's times), kept apart so the
 * parts can use them without importing each other at run time.
 */
import type { DemoUser, Gender } from './demo-plan';
import type { Rng } from './demo-random';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** A text that differs by grammatical gender: [female, male]. */
export type Gendered = string | readonly [string, string];

export function forGender(text: Gendered, gender: Gender): string {
  return typeof text === 'string' ? text : gender === 'female' ? text[0] : text[1];
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (token: string, name: string) =>
    name in values ? String(values[name]) : token,
  );
}

/** Joins sentences in order, skipping any that would push the text past `max` characters. */
export function fitSentences(sentences: readonly string[], max: number): string {
  let text = '';
  for (const sentence of sentences) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length <= max) text = next;
  }
  return text;
}

/** 'a', 'a y b', 'a, b y c'. */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

/**
 * Makes the account's times say the person was online at `at` (they paid, published or wrote
 * then): last seen moves to just after it and the last login to before it, never backwards and
 * never past `now`. Only for accounts that have logged in at least once.
 */
export function markOnline(rng: Rng, user: DemoUser, at: Date, now: Date): void {
  if (user.lastSeen !== null && new Date(user.lastSeen) >= at) return;
  const login = Math.max(
    user.lastLogin ? new Date(user.lastLogin).getTime() : 0,
    new Date(user.emailVerifiedAt).getTime(),
    at.getTime() - rng.int(5, 90) * MINUTE_MS,
  );
  user.lastLogin = new Date(Math.min(login, at.getTime())).toISOString();
  user.lastSeen = new Date(Math.min(now.getTime(), at.getTime() + rng.int(1, 25) * MINUTE_MS)).toISOString();
}
