import type { EntityManager } from 'typeorm';

/**
 * The demo's references, written after the conversations: for the pairs whose
 * conversation has messages from both sides (the rule of ReferencesService), most employers rated
 * their worker and many workers their employer, some answered; the demo employer rated the demo
 * worker (unanswered, so the demo worker can answer it) and leaves his other two conversations
 * unrated (so 'Dejar una referencia' shows there); one reference is reported by its subject for
 * the admin's /admin/referencias. Written in time after the conversation's last message.
 */

const ABOUT_WORKERS: { stars: number; text: string }[] = [
  { stars: 5, text: 'Excelente persona, muy responsable y cariñosa con los chicos. La recomiendo sin dudar.' },
  {
    stars: 5,
    text: 'Puntual, prolija y de total confianza. Trabajó con nosotros varios meses y siempre fue un placer.',
  },
  { stars: 4, text: 'Muy buena predisposición y buen trato. Alguna vez llegó tarde, pero siempre avisó con tiempo.' },
  { stars: 4, text: 'Cumplió con todo lo que acordamos. Cocina muy rico y deja la casa impecable.' },
  { stars: 5, text: 'Cuidó a mi mamá con muchísima paciencia y cariño. Estamos muy agradecidos.' },
  { stars: 3, text: 'Hizo bien el trabajo, aunque nos costó bastante coordinar los horarios.' },
];

const ABOUT_EMPLOYERS: { stars: number; text: string }[] = [
  { stars: 5, text: 'Familia muy amable y respetuosa. Pagaron siempre en fecha y con recibo de sueldo.' },
  { stars: 4, text: 'Buen trato y horarios claros. Me dieron todo lo necesario para trabajar tranquila.' },
  { stars: 5, text: 'Se respetaron los acuerdos, las vacaciones y los feriados. Los recomiendo.' },
];

const REPLIES = [
  '¡Muchas gracias! Fue un gusto trabajar con ustedes.',
  'Gracias por la confianza, les mando un abrazo a todos.',
];

const REPORTED = {
  stars: 1,
  text: 'No volvería a llamarla. Un desastre, no la recomiendo para nada a nadie.',
  reason: 'Nunca llegamos a trabajar juntas: solo hablamos por el chat y no acordamos nada.',
};

const HOUR_MS = 3_600_000;

export async function writeDemoReferences(
  manager: EntityManager,
  emails: { worker: string; employer: string },
  now: Date,
): Promise<void> {
  const pairs: {
    worker_user: number;
    parent_user: number;
    last_ms: number;
    demo_worker: boolean;
    demo_employer: boolean;
  }[] = await manager.query(
    `SELECT w.user_id AS worker_user, p.user_id AS parent_user,
              (extract(epoch FROM max(m.created_at)) * 1000)::float8 AS last_ms,
              wu.email = $1 AS demo_worker, pu.email = $2 AS demo_employer
         FROM conversations c
         JOIN worker_profiles w ON w.id = c.worker_profile_id
         JOIN parent_profiles p ON p.id = c.parent_profile_id
         JOIN users wu ON wu.id = w.user_id
         JOIN users pu ON pu.id = p.user_id
         JOIN messages m ON m.conversation_id = c.id
        GROUP BY c.id, w.user_id, p.user_id, wu.email, pu.email
       HAVING count(DISTINCT m.sender_id) = 2
        ORDER BY c.id`,
    [emails.worker, emails.employer],
  );
  const rows: unknown[][] = [];
  const nowMs = now.getTime();
  // Written a little after the conversation's last message, never in the future.
  const at = (lastMs: number, hours: number) => new Date(Math.min(lastMs + hours * HOUR_MS, nowMs - 10 * 60_000));
  let reportedPair: { author: number; subject: number } | null = null;
  for (const [i, pair] of pairs.entries()) {
    if (pair.demo_employer && !pair.demo_worker) continue;
    const written = at(pair.last_ms, 2);
    if (pair.demo_worker && pair.demo_employer) {
      rows.push([pair.parent_user, pair.worker_user, 5, ABOUT_WORKERS[0]!.text, null, null, written]);
      continue;
    }
    if (!reportedPair && !pair.demo_worker && i % 2 === 1) {
      reportedPair = { author: pair.parent_user, subject: pair.worker_user };
      rows.push([pair.parent_user, pair.worker_user, REPORTED.stars, REPORTED.text, null, null, written]);
      continue;
    }
    const about = ABOUT_WORKERS[i % ABOUT_WORKERS.length]!;
    const replied = i % 3 === 0 && !pair.demo_worker;
    rows.push([
      pair.parent_user,
      pair.worker_user,
      about.stars,
      about.text,
      replied ? REPLIES[i % REPLIES.length] : null,
      replied ? at(pair.last_ms, 5) : null,
      written,
    ]);
    if (i % 3 !== 2) {
      const back = ABOUT_EMPLOYERS[i % ABOUT_EMPLOYERS.length]!;
      rows.push([pair.worker_user, pair.parent_user, back.stars, back.text, null, null, at(pair.last_ms, 3)]);
    }
  }
  if (rows.length === 0) return;
  const values = rows.map((_, r) => `(${[1, 2, 3, 4, 5, 6, 7, 7].map((c) => `$${r * 7 + c}`).join(', ')})`);
  await manager.query(
    `INSERT INTO "references" (author_user_id, subject_user_id, stars, text, reply, reply_at, created_at, updated_at)
     VALUES ${values.join(', ')}`,
    rows.flat(),
  );
  if (reportedPair)
    await manager.query(
      `INSERT INTO reference_reports (reference_id, reporter_user_id, reason, created_at)
       SELECT id, subject_user_id, $3, least(created_at + interval '1 hour', $4::timestamptz) FROM "references"
        WHERE author_user_id = $1 AND subject_user_id = $2`,
      [reportedPair.author, reportedPair.subject, REPORTED.reason, now],
    );
}
