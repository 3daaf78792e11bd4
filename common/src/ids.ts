/** PostgreSQL's integer maximum: the largest id a serial column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * The id a path or a socket payload names: a whole number from 1 to MAX_ID, given as a number or
 * as its plain decimal digits (`01`, `0x1`, `1e0` name nothing); null for anything else.
 */
export function parseId(value: unknown): number | null {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}
