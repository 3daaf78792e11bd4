import { PRODUCT_NAME } from '@cym/common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../users/entities/user.entity';
import { DataExport } from './entities/data-export.entity';

/**
 * One JSON file of the ZIP: its name, what the README says of it, and the statement that reads
 * it. The statement takes the person's user id as $1 and answers one row with `data` (jsonb); no
 * row, or a null `data`, leaves the file out (an employer's file for a worker). A section for a new
 * table is one more entry here.
 */
export interface ExportSection {
  file: string;
  about: string;
  sql: string;
}

/** '[]' when nothing matched, so an empty list is a list. */
const list = (aggregate: string, from: string) => `coalesce((SELECT ${aggregate} ${from}), '[]'::jsonb)`;

/** The team's name where a conversation's other party is an admin (what the chat shows). */
const TEAM = `'${PRODUCT_NAME.replace(/'/g, "''")}'`;

/** A worker profile's or an offer's choices by name: `prefix` is 'worker' or 'job_offer', `owner` the id's SQL. */
function choices(prefix: 'worker' | 'job_offer', owner: string): string {
  const key = `${prefix === 'worker' ? 'worker_profile_id' : 'job_offer_id'} = ${owner}`;
  return `'services', ${list('jsonb_agg(c.title_display ORDER BY c.sort_order)', `FROM ${prefix}_services x JOIN services c ON c.id = x.service_id WHERE x.${key}`)},
    'tasks', ${list('jsonb_agg(c.title_display ORDER BY c.sort_order)', `FROM ${prefix}_tasks x JOIN tasks c ON c.id = x.task_id WHERE x.${key}`)},
    'work_arrangements', ${list('jsonb_agg(c.value_display ORDER BY c.sort_order)', `FROM ${prefix}_work_arrangements x JOIN work_arrangements c ON c.id = x.work_arrangement_id WHERE x.${key}`)},
    'languages', ${list('jsonb_agg(c.name_display ORDER BY c.sort_order)', `FROM ${prefix}_languages x JOIN languages c ON c.id = x.language_id WHERE x.${key}`)},
    'shifts', ${list("jsonb_agg(jsonb_build_object('day', c.day, 'shift', c.shift) ORDER BY c.sort_order)", `FROM ${prefix}_shifts x JOIN shifts c ON c.id = x.shift_id WHERE x.${key}`)}`;
}

/** The person's conversations: the other party as the chat named them to the person, and every message. */
const CONVERSATIONS = `
  WITH mine AS (
    SELECT c.id, c.created_at, other.user_id AS other_id, other.user_id = c.admin_user_id AS with_team
      FROM conversations c
      LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
      LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id
      CROSS JOIN LATERAL (SELECT x AS user_id FROM unnest(ARRAY[w.user_id, p.user_id, c.admin_user_id]) AS x
                           WHERE x IS NOT NULL AND x <> $1 LIMIT 1) other
     WHERE $1 IN (w.user_id, p.user_id, c.admin_user_id)
  ), named AS (
    SELECT mine.*, CASE WHEN mine.with_team THEN ${TEAM} ELSE u.first_name END AS other_name
      FROM mine LEFT JOIN users u ON u.id = mine.other_id
  )
  SELECT ${list(
    `jsonb_agg(jsonb_build_object(
       'id', n.id, 'started_at', n.created_at, 'with', n.other_name,
       'messages', ${list(
         `jsonb_agg(jsonb_build_object(
            'id', m.id::text, 'from', CASE WHEN m.sender_id = $1 THEN 'yo' ELSE n.other_name END,
            'sent_at', m.created_at, 'text', m.content, 'read_at', m.read_at,
            'hire_proposal_id', m.hire_proposal_id) ORDER BY m.id)`,
         'FROM messages m WHERE m.conversation_id = n.id',
       )}) ORDER BY n.id)`,
    'FROM named n',
  )} AS data`;

/** Every file of the ZIP but the README and the uploaded files, in the README's order. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    file: 'cuenta.json',
    about:
      'Tu cuenta: nombre, apellido, correo, teléfono, tipo de cuenta, fechas de alta, de verificación del correo y de tu último ingreso. La contraseña no está: la guardamos cifrada y nadie puede leerla.',
    sql: `SELECT to_jsonb(u) - 'password_hash' AS data FROM users u WHERE u.id = $1`,
  },
  {
    file: 'perfil-trabajador.json',
    about:
      'Tu perfil de trabajador/a: presentación, datos personales, zona, servicios, tareas, modalidades, idiomas, horarios, experiencias y estudios.',
    sql: `SELECT to_jsonb(w) || jsonb_build_object(
            'province', (SELECT name FROM provinces WHERE id = w.province_id),
            'municipality', (SELECT name FROM municipalities WHERE id = w.municipality_id),
            ${choices('worker', 'w.id')},
            'experiences', ${list('jsonb_agg(to_jsonb(e) ORDER BY e.id)', 'FROM experiences e WHERE e.worker_profile_id = w.id')},
            'educations', ${list('jsonb_agg(to_jsonb(e) ORDER BY e.id)', 'FROM educations e WHERE e.worker_profile_id = w.id')}
          ) AS data FROM worker_profiles w WHERE w.user_id = $1`,
  },
  {
    file: 'perfil-empleador.json',
    about: 'Tu perfil de empleador/a.',
    sql: `SELECT to_jsonb(p) AS data FROM parent_profiles p WHERE p.user_id = $1`,
  },
  {
    file: 'ofertas.json',
    about: 'Tus ofertas de empleo, con sus servicios, tareas, modalidades, idiomas y horarios.',
    sql: `SELECT ${list(
      `jsonb_agg(to_jsonb(o) || jsonb_build_object(
         'province', (SELECT name FROM provinces WHERE id = o.province_id),
         'municipality', (SELECT name FROM municipalities WHERE id = o.municipality_id),
         ${choices('job_offer', 'o.id')}) ORDER BY o.id)`,
      'FROM job_offers o WHERE o.parent_profile_id = p.id',
    )} AS data FROM parent_profiles p WHERE p.user_id = $1`,
  },
  {
    file: 'membresias-y-pagos.json',
    about: 'Tus membresías y tus pagos (con tarjeta, por transferencia o los otorgados por el equipo).',
    sql: `SELECT jsonb_build_object(
            'memberships', ${list(
              "jsonb_agg(to_jsonb(m) || jsonb_build_object('membership_type', t.name) ORDER BY m.id)",
              'FROM memberships m JOIN membership_types t ON t.id = m.membership_type_id WHERE m.parent_profile_id = p.id',
            )},
            'payments', ${list('jsonb_agg(to_jsonb(x) ORDER BY x.id)', 'FROM payments x WHERE x.parent_profile_id = p.id')}
          ) AS data FROM parent_profiles p WHERE p.user_id = $1`,
  },
  {
    file: 'conversaciones.json',
    about:
      'Tus conversaciones del chat con todos sus mensajes: los tuyos («yo») y los de la otra persona, nombrada como la veías en el chat.',
    sql: CONVERSATIONS,
  },
  {
    file: 'referencias.json',
    about:
      'Las referencias que escribiste («written»), las que recibiste («received»), con el nombre de la otra persona, y las que denunciaste («reported»).',
    sql: `SELECT jsonb_build_object(
            'written', ${list(
              `jsonb_agg((to_jsonb(r) - 'author_user_id' - 'subject_user_id') || jsonb_build_object('about', u.first_name) ORDER BY r.id)`,
              'FROM "references" r JOIN users u ON u.id = r.subject_user_id WHERE r.author_user_id = $1',
            )},
            'received', ${list(
              `jsonb_agg((to_jsonb(r) - 'author_user_id' - 'subject_user_id') || jsonb_build_object('by', u.first_name) ORDER BY r.id)`,
              'FROM "references" r JOIN users u ON u.id = r.author_user_id WHERE r.subject_user_id = $1',
            )},
            'reported', ${list(
              `jsonb_agg(to_jsonb(x) - 'reporter_user_id' ORDER BY x.id)`,
              'FROM reference_reports x WHERE x.reporter_user_id = $1',
            )}
          ) AS data`,
  },
  {
    file: 'guardados.json',
    about: 'Los perfiles u ofertas que guardaste.',
    sql: `SELECT ${list(`jsonb_agg(to_jsonb(e) - 'user_id' ORDER BY e.id)`, 'FROM shortlist_entries e WHERE e.user_id = $1')} AS data`,
  },
  {
    file: 'busquedas-guardadas.json',
    about: 'Tus búsquedas guardadas y sus alertas.',
    sql: `SELECT ${list(`jsonb_agg(to_jsonb(s) - 'user_id' ORDER BY s.id)`, 'FROM saved_searches s WHERE s.user_id = $1')} AS data`,
  },
  {
    file: 'avisos.json',
    about:
      'Cómo querés que te avisemos («preferences»; vacío si nunca lo cambiaste: todo activado) y los navegadores donde activaste las notificaciones (sin sus claves de cifrado).',
    sql: `SELECT jsonb_build_object(
            'preferences', (SELECT to_jsonb(n) - 'user_id' FROM notification_preferences n WHERE n.user_id = $1),
            'push_subscriptions', ${list(
              `jsonb_agg(jsonb_build_object('id', s.id, 'user_agent', s.user_agent, 'created_at', s.created_at,
                                            'last_success_at', s.last_success_at) ORDER BY s.id)`,
              'FROM push_subscriptions s WHERE s.user_id = $1',
            )}
          ) AS data`,
  },
  {
    file: 'documentos-verificacion.json',
    about:
      'Tus documentos de verificación: tipo, estado, fechas de carga y de revisión, motivo de rechazo y vencimiento. Los archivos están en la carpeta «archivos».',
    sql: `SELECT ${list(
      `jsonb_agg(jsonb_build_object('id', d.id, 'kind', d.kind, 'status', d.status, 'content_type', d.content_type,
                                   'size_bytes', d.size_bytes, 'uploaded_at', d.uploaded_at, 'reviewed_at', d.reviewed_at,
                                   'rejection_reason', d.rejection_reason, 'issued_on', d.issued_on,
                                   'expires_on', d.expires_on, 'admin_viewed_at', d.admin_viewed_at) ORDER BY d.id)`,
      'FROM verification_documents d WHERE d.user_id = $1',
    )} AS data`,
  },
  {
    file: 'contrataciones.json',
    about:
      'Tus propuestas de contratación y relaciones laborales, con su historial, aportes, recibos de sueldo y liquidación final.',
    sql: `SELECT jsonb_build_object(
            'proposals', ${list(
              'jsonb_agg(to_jsonb(h) ORDER BY h.id)',
              `FROM hire_proposals h
                WHERE h.worker_profile_id IN (SELECT id FROM worker_profiles WHERE user_id = $1)
                   OR h.parent_profile_id IN (SELECT id FROM parent_profiles WHERE user_id = $1)`,
            )},
            'employments', ${list(
              `jsonb_agg(to_jsonb(e) || jsonb_build_object(
                 'events', ${list('jsonb_agg(to_jsonb(v) ORDER BY v.id)', 'FROM employment_events v WHERE v.employment_id = e.id')},
                 'contribution_payments', ${list('jsonb_agg(to_jsonb(c) ORDER BY c.period)', 'FROM contribution_payments c WHERE c.employment_id = e.id')},
                 'payslips', ${list('jsonb_agg(to_jsonb(s) ORDER BY s.id)', 'FROM payslips s WHERE s.employment_id = e.id')},
                 'settlement', (SELECT to_jsonb(s) FROM settlements s WHERE s.employment_id = e.id)) ORDER BY e.id)`,
              'FROM employments e WHERE $1 IN (e.worker_user_id, e.parent_user_id)',
            )}
          ) AS data`,
  },
  {
    file: 'bloqueos.json',
    about: 'Las personas que bloqueaste, con la fecha de cada bloqueo.',
    sql: `SELECT ${list(
      `jsonb_agg(jsonb_build_object('user_id', b.blocked_id, 'first_name', u.first_name, 'blocked_at', b.created_at)
                 ORDER BY b.created_at)`,
      'FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1',
    )} AS data`,
  },
  {
    file: 'denuncias.json',
    about:
      'Las denuncias que enviaste: qué denunciaste, el motivo, tu texto, la fecha y si el equipo ya la resolvió (no lo que decidió: eso es de la otra persona).',
    sql: `SELECT ${list(
      `jsonb_agg(jsonb_build_object('target_type', r.target_type, 'target_id', r.target_id, 'reason', r.reason,
                                   'details', r.details, 'created_at', r.created_at, 'handled_at', r.handled_at)
                 ORDER BY r.id)`,
      'FROM reports r WHERE r.reporter_id = $1',
    )} AS data`,
  },
  {
    file: 'sesiones.json',
    about:
      'Tus inicios de sesión: el navegador y el sistema de cada uno, cuándo empezó, su último uso y cuándo terminó. No guardamos tu dirección IP.',
    sql: `SELECT ${list(
      `jsonb_agg(jsonb_build_object('browser', s.browser, 'system', s.system, 'created_at', s.created_at,
                                   'last_used_at', s.last_used_at, 'revoked_at', s.revoked_at) ORDER BY s.created_at)`,
      'FROM login_sessions s WHERE s.user_id = $1',
    )} AS data`,
  },
];

/** A verification document's file, for the ZIP. */
export interface DocumentFileRow {
  id: number;
  kind: string;
  storage_key: string;
  content_type: string;
}

/** What the ready e-mail needs of the person. */
export type ExportOwner = Pick<User, 'email' | 'firstName' | 'profileImage'>;

/**
 * The `data_exports` rows, and the reads of the person's data in every other table for the ZIP
 * (EXPORT_SECTIONS): the export is the one feature that reads everything a person has, so its
 * reads live here rather than spread over each owner's repository. Methods that a service runs
 * inside its transaction take that transaction's manager last.
 */
@Injectable()
export class DataExportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  add(row: Pick<DataExport, 'userId' | 'storageKey' | 'requestedAt'>, m: EntityManager): Promise<DataExport> {
    return m.save(m.create(DataExport, { ...row, status: 'requested' }));
  }

  /** The person's requests since `since` (the 24-hour count), inside the person's lock. */
  /** An erased account's exports (their files go in the daily sweep: no row names them). */
  async forgetUser(userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM data_exports WHERE user_id = $1`, [userId]);
  }

  async countSince(userId: number, since: Date, m: EntityManager): Promise<number> {
    const [row] = (await m.query(
      'SELECT count(*)::int AS n FROM data_exports WHERE user_id = $1 AND requested_at > $2',
      [userId, since],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  /** Whether the person has an export in preparation. */
  async hasRequested(userId: number, m: EntityManager): Promise<boolean> {
    return m.exists(DataExport, { where: { userId, status: 'requested' } });
  }

  /** The person's exports, newest first. */
  mine(userId: number, limit: number): Promise<DataExport[]> {
    return this.dataSource
      .getRepository(DataExport)
      .find({ where: { userId }, order: { requestedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  one(id: number): Promise<DataExport | null> {
    return this.dataSource.getRepository(DataExport).findOneBy({ id });
  }

  /** Turns a requested export ready; false when it was not requested any more (a job run twice). */
  async markReady(id: number, readyAt: Date, expiresAt: Date, sizeBytes: number, m: EntityManager): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(DataExport)
      .set({ status: 'ready', readyAt, expiresAt, sizeBytes })
      .where("id = :id AND status = 'requested'", { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** A requested export whose job gave up: the person may ask again. */
  async markFailed(id: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(DataExport)
      .set({ status: 'failed' })
      .where("id = :id AND status = 'requested'", { id })
      .execute();
  }

  /** Those of the stored file names whose export is in preparation or ready and not expired at `now`. */
  async liveKeys(names: string[], now: Date): Promise<Set<string>> {
    const rows = (await this.dataSource.query(
      `SELECT storage_key FROM data_exports
        WHERE storage_key = ANY($1::text[]) AND (status = 'requested' OR (status = 'ready' AND expires_at > $2))`,
      [names, now],
    )) as { storage_key: string }[];
    return new Set(rows.map((r) => r.storage_key));
  }

  /** Deletes the rows expired before `expiredBefore` and the failed ones requested before it; answers how many. */
  async deleteOld(expiredBefore: Date): Promise<number> {
    const [, affected] = (await this.dataSource.query(
      `DELETE FROM data_exports
        WHERE (status = 'ready' AND expires_at < $1) OR (status = 'failed' AND requested_at < $1)`,
      [expiredBefore],
    )) as [unknown, number];
    return affected;
  }

  owner(userId: number, m: EntityManager = this.dataSource.manager): Promise<ExportOwner | null> {
    return m.findOne(User, { where: { id: userId }, select: { email: true, firstName: true, profileImage: true } });
  }

  /** One section's data for the person, or null when the section does not apply to them. */
  async section(section: ExportSection, userId: number): Promise<unknown> {
    const rows = (await this.dataSource.query(section.sql, [userId])) as { data: unknown }[];
    return rows[0]?.data ?? null;
  }

  /** The person's verification documents' files. */
  documentFiles(userId: number): Promise<DocumentFileRow[]> {
    return this.dataSource.query(
      'SELECT id, kind, storage_key, content_type FROM verification_documents WHERE user_id = $1 ORDER BY id',
      [userId],
    );
  }
}
