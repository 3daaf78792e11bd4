import type { EntityManager } from 'typeorm';

/**
 * The demo's reports and moderation, written after the conversations and hires:
 * - an employer who chats with the demo worker asks her for a transfer to 'reserve' the job (his
 *   identity is not verified, so the message carries the money warning) and she reported it;
 * - a worker's profile reported as fake by the demo employer and two other employers (the most
 *   reported, first on /admin/denuncias);
 * - an employer's offer reported by a worker;
 * - a worker who chatted with the demo employer, suspended by the admin after a report of
 *   harassment (the decision in 'Resueltas', her messages still in his conversation, marked
 *   'Cuenta suspendida'; she cannot log in).
 * Every report is older than `now` by a few days, in the order a real queue would have them.
 */

const SCAM_TEXT =
  'Hola! Antes de la entrevista necesito que me transfieras $15.000 de seña al alias CASA.FELIZ.MP para reservarte el puesto.';
const HARASSMENT_TEXT = 'Si no me contestás ya, voy a ir a tu casa. Sé dónde vivís.';

interface Pair {
  conversation_id: number;
  worker_profile_id: number;
  worker_user: number;
  parent_user: number;
}

const DAY_MS = 86_400_000;

export async function writeDemoModeration(
  m: EntityManager,
  emails: { worker: string; employer: string; admin: string },
  now: Date,
): Promise<void> {
  const [people] = (await m.query(
    `SELECT (SELECT id FROM users WHERE email = $1) AS worker, (SELECT id FROM users WHERE email = $2) AS employer,
            (SELECT id FROM users WHERE email = $3) AS admin`,
    [emails.worker, emails.employer, emails.admin],
  )) as { worker: number; employer: number; admin: number }[];
  // Someone the demo worker talks to who proposed no hire and has no relationship with her (his
  // verified DNI, if any, is withdrawn below: the warning is for unverified accounts).
  const [scammer] = (await m.query(
    `SELECT c.id AS conversation_id, c.worker_profile_id, w.user_id AS worker_user, p.user_id AS parent_user
       FROM conversations c
       JOIN worker_profiles w ON w.id = c.worker_profile_id
       JOIN parent_profiles p ON p.id = c.parent_profile_id
      WHERE w.user_id = $1 AND p.user_id <> $2
        AND NOT EXISTS (SELECT 1 FROM hire_proposals h WHERE h.worker_profile_id = w.id AND h.parent_profile_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.worker_profile_id = w.id AND e.parent_profile_id = p.id)
      ORDER BY c.id LIMIT 1`,
    [people.worker, people.employer],
  )) as (Pair | undefined)[];
  // A worker with no tie to the demo employer yet (no conversation, hire or saved item) starts one
  // with him: the conversation the suspension ends.
  const harasser = await startHarassment(m, people.employer, now);
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY_MS - hours * 3_600_000);

  if (scammer) {
    await m.query(`DELETE FROM verification_documents WHERE user_id = $1`, [scammer.parent_user]);
    const message = await appendMessage(m, scammer.conversation_id, scammer.parent_user, SCAM_TEXT, now);
    await m.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at)
       VALUES ($1, 'message', $2, $3, 'scam', 'Me pide plata antes de conocernos.', $4)`,
      [people.worker, message.id, scammer.parent_user, message.reportedAt],
    );
  }

  // The most reported: a worker profile three employers call fake.
  const [fake] = (await m.query(
    `SELECT w.id, w.user_id FROM worker_profiles w JOIN users u ON u.id = w.user_id
      WHERE w.profile_visibility AND u.id <> $1 ${harasser ? 'AND w.id <> $2' : ''}
      ORDER BY w.id DESC LIMIT 1`,
    harasser ? [people.worker, harasser.worker_profile_id] : [people.worker],
  )) as { id: number; user_id: number }[];
  const reporters = (await m.query(
    `SELECT p.user_id FROM parent_profiles p WHERE p.user_id <> $1 ORDER BY p.id LIMIT 2`,
    [people.employer],
  )) as { user_id: number }[];
  if (fake) {
    const fakeReporters = [people.employer, ...reporters.map((r) => r.user_id)];
    for (const [i, reporter] of fakeReporters.entries())
      await m.query(
        `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at)
         VALUES ($1, 'worker_profile', $2, $3, 'fake', $4, $5)`,
        [reporter, fake.id, fake.user_id, i === 0 ? 'Las fotos son de otra persona.' : null, at(5 - i)],
      );
  }

  // An offer reported by a worker.
  const [offer] = (await m.query(
    `SELECT o.id, p.user_id FROM job_offers o JOIN parent_profiles p ON p.id = o.parent_profile_id
      WHERE o.status AND p.user_id <> $1 ORDER BY o.id DESC LIMIT 1`,
    [people.employer],
  )) as { id: number; user_id: number }[];
  if (offer)
    await m.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at)
       VALUES ($1, 'job_offer', $2, $3, 'inappropriate', 'Pide fotos de cuerpo entero.', $4)`,
      [people.worker, offer.id, offer.user_id, at(1)],
    );

  // A suspended account: harassment in a conversation with the demo employer.
  if (harasser) {
    const message = harasser.threat;
    const reason = 'Amenazas a un empleador en el chat.';
    const [action] = (await m.query(
      `INSERT INTO moderation_actions (target_type, target_id, target_user_id, action, reason, actor_id, created_at)
       VALUES ('message', $1, $2, 'suspend', $3, $4, $5) RETURNING id`,
      [message.id, harasser.worker_user, reason, people.admin, message.decidedAt],
    )) as { id: number }[];
    await m.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at, action_id, handled_at)
       VALUES ($1, 'message', $2, $3, 'harassment', 'Me amenazó.', $4, $5, $6)`,
      [people.employer, message.id, harasser.worker_user, message.reportedAt, action.id, message.decidedAt],
    );
    await m.query(`UPDATE users SET is_active = false, suspended_at = $2, suspension_reason = $3 WHERE id = $1`, [
      harasser.worker_user,
      at(3),
      reason,
    ]);
    await m.query(
      `INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, before, after, created_at)
       VALUES ($1, 'moderation.suspend', 'user', $2, $3, $4, $5)`,
      [
        people.admin,
        harasser.worker_user,
        JSON.stringify({ target_type: 'message', target_id: Number(message.id) }),
        JSON.stringify({ action: 'suspend', reason, reports: 1, action_id: action.id }),
        message.decidedAt,
      ],
    );
  }
}

/**
 * A conversation between the demo employer and a visible worker he had nothing to do with (no
 * conversation, hire, proposal or saved item), four messages over the last days, the last one the
 * threat; null when there is no such worker.
 */
async function startHarassment(
  m: EntityManager,
  employerUser: number,
  now: Date,
): Promise<{
  worker_user: number;
  worker_profile_id: number;
  threat: { id: string; reportedAt: Date; decidedAt: Date };
} | null> {
  const [row] = (await m.query(
    `SELECT w.id AS worker_profile_id, w.user_id AS worker_user, p.id AS parent_profile_id
       FROM worker_profiles w, parent_profiles p
      WHERE p.user_id = $1 AND w.profile_visibility
        AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.worker_profile_id = w.id AND c.parent_profile_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.worker_profile_id = w.id)
        AND NOT EXISTS (SELECT 1 FROM hire_proposals h WHERE h.worker_profile_id = w.id)
        AND NOT EXISTS (SELECT 1 FROM shortlist_entries s WHERE s.worker_profile_id = w.id)
        AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.target_user_id = w.user_id)
      ORDER BY w.id LIMIT 1`,
    [employerUser],
  )) as { worker_profile_id: number; worker_user: number; parent_profile_id: number }[];
  if (!row) return null;
  const [conversation] = (await m.query(
    `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [
      row.worker_profile_id,
      row.parent_profile_id,
      `w${row.worker_profile_id}-p${row.parent_profile_id}`,
      new Date(now.getTime() - 4 * DAY_MS),
    ],
  )) as { id: number }[];
  const lines: [number, string, number][] = [
    [employerUser, 'Hola, vi tu perfil. ¿Tenés disponibilidad los martes a la mañana?', 4],
    [row.worker_user, 'Hola. Sí, tengo. ¿Dónde es?', 3.9],
    [employerUser, 'Gracias, al final encontramos a otra persona. ¡Suerte!', 3.5],
  ];
  for (const [sender, content, daysAgo] of lines)
    await m.query(
      `INSERT INTO messages (conversation_id, sender_id, content, created_at, is_read, read_at) VALUES ($1, $2, $3, $4, true, $4)`,
      [conversation.id, sender, content, new Date(now.getTime() - daysAgo * DAY_MS)],
    );
  const threat = await appendMessage(m, conversation.id, row.worker_user, HARASSMENT_TEXT, now);
  return { worker_user: row.worker_user, worker_profile_id: row.worker_profile_id, threat };
}

/**
 * A read message after the conversation's last one (the thread stays in order), halfway to now;
 * with the moments its report came and the team decided, both before now.
 */
async function appendMessage(
  m: EntityManager,
  conversationId: number,
  senderId: number,
  content: string,
  now: Date,
): Promise<{ id: string; reportedAt: Date; decidedAt: Date }> {
  const [{ last }] = (await m.query(`SELECT max(created_at) AS last FROM messages WHERE conversation_id = $1`, [
    conversationId,
  ])) as { last: Date }[];
  const span = now.getTime() - last.getTime();
  const sentAt = new Date(last.getTime() + span / 2);
  const [row] = (await m.query(
    `INSERT INTO messages (conversation_id, sender_id, content, created_at, is_read, read_at)
     VALUES ($1, $2, $3, $4, true, $4) RETURNING id`,
    [conversationId, senderId, content, sentAt],
  )) as { id: string }[];
  return {
    id: row.id,
    reportedAt: new Date(sentAt.getTime() + span / 6),
    decidedAt: new Date(sentAt.getTime() + span / 3),
  };
}
