import { addMonths, argentinaToday, certificateExpiresOn } from '@cym/common';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { ImageStorage } from '@cym/server/modules/media/image-storage';

/**
 * Verified documents of the demo: the demo worker and the paying demo employer have an
 * approved DNI; about one listed worker in four too, and one in eight an approved certificate
 * (issued a few months ago; one expires within the month, so the reminder has work); one worker's
 * DNI waits in the admin's queue. The files are a plain generated card (shapes, no text: never a
 * real person's document), written to the private document storage when one is given.
 */
export async function seedDemoDocuments(
  dataSource: DataSource,
  emails: { admin: string; worker: string; employer: string },
  now: Date,
  storage?: ImageStorage,
): Promise<number> {
  const people: { id: number; email: string; listed: boolean }[] = await dataSource.query(
    `SELECT u.id, u.email, (s.user_id IS NOT NULL) AS listed FROM users u
       LEFT JOIN worker_search s ON s.user_id = u.id
      WHERE u.profile_type IS NOT NULL ORDER BY u.id`,
  );
  const [admin] = (await dataSource.query('SELECT id FROM users WHERE email = $1', [emails.admin])) as { id: number }[];
  const listed = people.filter((p) => p.listed && p.email !== emails.worker);
  const today = argentinaToday(now);
  type Row = { user: number; kind: 'dni' | 'background_check'; status: 'approved' | 'pending'; issued: string | null };
  const rows: Row[] = [];
  const approve = (user: number, kind: Row['kind'], issued: string | null = null) =>
    rows.push({ user, kind, status: 'approved', issued });
  for (const person of people.filter((p) => p.email === emails.worker || p.email === emails.employer))
    approve(person.id, 'dni');
  listed.forEach((person, i) => {
    if (i % 4 === 0) approve(person.id, 'dni');
    if (i % 8 === 0) approve(person.id, 'background_check', addMonths(today, i % 16 === 0 ? -3 : -5));
  });
  // One certificate near its end (the expiry reminder's), one DNI waiting for review.
  const near = listed.find((_p, i) => i % 4 === 0 && i % 8 !== 0);
  if (near)
    rows.push({
      user: near.id,
      kind: 'background_check',
      status: 'approved',
      issued: daysBefore(addMonths(today, -11), 10),
    });
  const waiting = listed.find((_p, i) => i % 4 === 1);
  if (waiting) rows.push({ user: waiting.id, kind: 'dni', status: 'pending', issued: null });
  if (rows.length === 0) return 0;

  const card = await demoCard();
  const names = rows.map(() => `${randomBytes(16).toString('hex')}.jpg`);
  if (storage) for (const name of names) await storage.put(name, card);
  await dataSource.query(
    `INSERT INTO verification_documents (user_id, kind, status, storage_key, content_type, size_bytes, uploaded_at,
                                         reviewed_by, reviewed_at, issued_on, expires_on)
     SELECT r.user_id, r.kind, r.status, r.storage_key, 'image/jpeg', $2, $3,
            CASE WHEN r.status = 'approved' THEN $4::int END, CASE WHEN r.status = 'approved' THEN $3::timestamptz END,
            r.issued_on::date, r.expires_on::date
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id int, kind text, status text, storage_key text, issued_on text, expires_on text)
     ON CONFLICT (user_id, kind) DO NOTHING`,
    [
      JSON.stringify(
        rows.map((r, i) => ({
          user_id: r.user,
          kind: r.kind,
          status: r.status,
          storage_key: names[i],
          issued_on: r.issued,
          expires_on: r.issued ? certificateExpiresOn(r.issued) : null,
        })),
      ),
      card.length,
      now,
      admin?.id ?? null,
    ],
  );
  return rows.length;
}

/** `YYYY-MM-DD` minus `days` days. */
function daysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A plain ID-card-like picture: a coloured card, a photo box and lines; no text, no real data. */
async function demoCard(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="540">
    <rect width="860" height="540" rx="36" fill="#dbeafe"/>
    <rect x="0" y="0" width="860" height="90" rx="36" fill="#1d4ed8"/>
    <rect x="48" y="140" width="220" height="280" rx="16" fill="#93c5fd"/>
    <circle cx="158" cy="240" r="58" fill="#60a5fa"/>
    <rect x="88" y="318" width="140" height="80" rx="40" fill="#60a5fa"/>
    ${[150, 210, 270, 330, 390].map((y, i) => `<rect x="310" y="${y}" width="${440 - i * 40}" height="26" rx="13" fill="#bfdbfe"/>`).join('')}
    <rect x="48" y="460" width="764" height="30" rx="15" fill="#bfdbfe"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
