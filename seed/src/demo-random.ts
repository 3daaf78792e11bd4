/**
 * The demo generator's random numbers: seeded, so the same seed always gives the same plan, on
 * every platform. Every part of the generator draws from these and from nothing else.
 */
/** mulberry32: a tiny, fast 32-bit PRNG; plenty for demo data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export class Rng {
  private readonly nextFloat: () => number;

  constructor(seed: number) {
    this.nextFloat = mulberry32(seed);
  }

  float(min = 0, max = 1): number {
    return min + (max - min) * this.nextFloat();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.nextFloat() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.nextFloat() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[this.int(0, items.length - 1)];
  }

  weighted<T>(entries: Weighted<T>): T {
    if (entries.length === 0) throw new Error('Rng.weighted on an empty list');
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let remaining = this.float(0, total);
    for (const [value, weight] of entries) {
      remaining -= weight;
      if (remaining < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** Up to `count` distinct items. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** Up to `count` distinct items, each draw weighted among those not drawn yet. */
  weightedSample<T>(entries: Weighted<T>, count: number): T[] {
    const pool = [...entries];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      const value = this.weighted(pool);
      chosen.push(value);
      pool.splice(
        pool.findIndex(([candidate]) => candidate === value),
        1,
      );
    }
    return chosen;
  }
}
