import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every stored phone in one canonical form, E.164 ('+5491123456789'). Before,
 * phones were kept as typed ('1155149486') or as WhatsApp's digits ('5491145678901').
 *
 * A number is read as the product read it then (common/phone.ts at this migration, copied here so
 * that a later change of the rule does not change what this migration did): an Argentine mobile's
 * ten national digits, wherever 54, 9, a trunk 0 or the old 15 were written. Any other number
 * libphonenumber-js recognises (a landline, a foreign number) keeps its meaning in E.164. A value
 * that is no phone at all is emptied: the phone popup then asks its owner for it again.
 */
export class CanonicalPhones1764931000000 implements MigrationInterface {
  name = 'CanonicalPhones1764931000000';

  async up(q: QueryRunner): Promise<void> {
    const rows: { id: number; phone: string }[] = await q.query(`SELECT id, phone FROM users WHERE phone IS NOT NULL`);
    for (const row of rows) {
      const canonical = canonicalPhone(row.phone);
      if (canonical !== row.phone) await q.query(`UPDATE users SET phone = $1 WHERE id = $2`, [canonical, row.id]);
    }
  }

  async down(): Promise<void> {
    // The typed forms are gone; E.164 is read by every later version.
  }
}

function canonicalPhone(stored: string): string | null {
  const mobile = argentineMobile(stored);
  if (mobile) return mobile;
  const parsed = parsePhoneNumberFromString(stored.trim(), 'AR');
  return parsed?.isValid() ? parsed.number : null;
}

function argentineMobile(raw: string): string | null {
  const written = raw.trim();
  if (!/^\+?[\d\s\-().]+$/.test(written)) return null;
  let digits = written.replace(/\D/g, '');
  if (digits.startsWith('54')) {
    digits = digits.slice(2);
    if (digits.startsWith('9')) digits = digits.slice(1);
  }
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12) {
    for (const areaLength of [2, 3, 4]) {
      if (digits.slice(areaLength, areaLength + 2) === '15') {
        digits = digits.slice(0, areaLength) + digits.slice(areaLength + 2);
        break;
      }
    }
  }
  if (!/^[1-8]\d{9}$/.test(digits)) return null;
  if (/^(\d)\1+$/.test(digits.slice(-7))) return null;
  return parsePhoneNumberFromString(`+549${digits}`)?.number ?? null;
}
