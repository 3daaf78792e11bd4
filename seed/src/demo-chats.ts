/**
 * A few conversations between demo employers and workers, so a demo login opens a living chat.
 *
 * They follow the chat's rules (ChatService): an employer writes to a worker only while holding
 * an active membership, and only to a visible profile; a worker writes first only to an
 * employer with a public offer (on, and the employer a member), about that offer. Times agree
 * with the people: every message lies in the past after both accounts were verified, its sender
 * was online then (last seen at or after it), and a message is read exactly when its recipient
 * has been seen since; the unread ones are the newest.
 *
 * The fixed demo logins each get three conversations: the demo worker with the demo employer
 * and two more employers, the demo employer with the demo worker and two more workers, with
 * unread messages waiting for both.
 */
import { formatPesos } from '@cym/common';
import type { ChatSide, DemoConversation, DemoEmployer, DemoUser, DemoWorker, Gender } from './demo-plan';
import type { Rng } from './demo-random';
import { DAY_MS, fill, forGender, type Gendered, HOUR_MS, markOnline, MINUTE_MS } from './demo-shared';

export interface ChatPlanInput {
  rng: Rng;
  now: Date;
  workers: DemoWorker[];
  employers: DemoEmployer[];
  /** The catalog key of a service id. */
  serviceKey: (id: number) => string | undefined;
  /** Index of the demo worker and demo employer (fixed times: never moved), when the plan has them. */
  demoWorker?: number;
  demoEmployer?: number;
  /** Conversations among the other people. */
  others: number;
}

/** Messages are at least this old, so none is younger than the unread e-mail's 15 minutes. */
const NEWEST_MS = 20 * MINUTE_MS;
/** Conversations start within the last few weeks. */
const OLDEST_DAYS = 24;

// ─── Who may talk ────────────────────────────────────────────────────────────────────────────

/** The employer's membership is active now and was since `at` (active memberships run past now). */
export function memberSince(employer: DemoEmployer, now: Date): Date | null {
  const m = employer.membership;
  if (!m || !m.status || new Date(m.endDate) <= now) return null;
  return new Date(m.startDate);
}

/** Offers of the employer that /job-offers lists: on, and the employer a member. */
export function publicOfferIndexes(employer: DemoEmployer, now: Date): number[] {
  if (!memberSince(employer, now)) return [];
  return employer.jobOffers.flatMap((offer, index) => (offer.status ? [index] : []));
}

// ─── Planning ────────────────────────────────────────────────────────────────────────────────

interface Draft {
  workerIndex: number;
  employerIndex: number;
  startedBy: ChatSide;
  offerIndex: number | null;
  messages: Array<{ from: ChatSide; content: string; at: Date }>;
}

interface Pairing {
  workerIndex: number;
  employerIndex: number;
  startedBy: ChatSide;
  /** Whose newest messages stay unread: the other side wrote them after this side was last seen. */
  unreadFor?: ChatSide;
}

export function planConversations(input: ChatPlanInput): DemoConversation[] {
  const { rng, now, workers, employers } = input;
  const demoWorker = input.demoWorker !== undefined && workers[input.demoWorker] ? input.demoWorker : undefined;
  const demoEmployer =
    input.demoEmployer !== undefined && employers[input.demoEmployer] ? input.demoEmployer : undefined;
  const fixed = new Set<DemoUser>();
  if (demoWorker !== undefined) fixed.add(workers[demoWorker].user);
  if (demoEmployer !== undefined) fixed.add(employers[demoEmployer].user);
  const planner = new Planner(input, fixed);

  const canWrite = (e: number) => memberSince(employers[e], now) !== null && employers[e].user.lastSeen !== null;
  const canRead = (w: number) => workers[w].visible && workers[w].user.lastSeen !== null;
  const members = rng.shuffle(employers.map((_, i) => i).filter((e) => canWrite(e) && e !== demoEmployer));
  const talkers = rng.shuffle(workers.map((_, i) => i).filter((w) => canRead(w) && w !== demoWorker));
  const hasPublicOffer = (e: number) => publicOfferIndexes(employers[e], now).length > 0;
  /** How well a worker fits an employer: a service their offers ask for, and living nearby. */
  const fit = (w: number, e: number) => {
    const worker = workers[w];
    const offers = employers[e].jobOffers;
    const services = offers.some((o) => o.serviceIds.some((id) => worker.serviceIds.includes(id))) ? 2 : 0;
    const province = offers[0]?.location.provinceId;
    const near = province === undefined || sameArea(province, worker.location.provinceId) ? 1 : 0;
    return services + near;
  };
  const best = <T>(pool: T[], score: (item: T) => number) =>
    [...pool].sort((a, b) => score(b) - score(a)).slice(0, CANDIDATES);
  /** Plans the first candidate pair that could have talked, taking it out of its pool. */
  const first = <T>(pool: T[], candidates: T[], pairing: (item: T) => Pairing | null): boolean => {
    for (const item of candidates) {
      const wanted = pairing(item);
      if (wanted && planner.plan(wanted)) {
        pool.splice(pool.indexOf(item), 1);
        return true;
      }
    }
    return false;
  };

  if (demoWorker !== undefined && canRead(demoWorker)) {
    // She wrote to the demo employer about his offer; his newest answer waits for her.
    if (demoEmployer !== undefined && canWrite(demoEmployer))
      planner.plan({ workerIndex: demoWorker, employerIndex: demoEmployer, startedBy: 'worker', unreadFor: 'worker' });
    // An employer who found her profile, whose last message she has not read yet…
    first(
      members,
      best(members, (e) => fit(demoWorker, e)),
      (e) => ({
        workerIndex: demoWorker,
        employerIndex: e,
        startedBy: 'employer',
        unreadFor: 'worker',
      }),
    );
    // …and one whose offer she answered, all read.
    const hiring = members.filter(hasPublicOffer);
    first(
      members,
      best(hiring, (e) => fit(demoWorker, e)),
      (e) => ({
        workerIndex: demoWorker,
        employerIndex: e,
        startedBy: 'worker',
      }),
    );
  }
  if (demoEmployer !== undefined && canWrite(demoEmployer)) {
    // Two workers he wrote to: one answered after his last visit, the other conversation all read.
    const candidates = () => best(talkers, (w) => fit(w, demoEmployer));
    first(talkers, candidates(), (w) => ({
      workerIndex: w,
      employerIndex: demoEmployer,
      startedBy: 'employer',
      unreadFor: 'employer',
    }));
    first(talkers, candidates(), (w) => ({ workerIndex: w, employerIndex: demoEmployer, startedBy: 'employer' }));
  }

  // A few among everyone else, each pair new to each other.
  for (let planned = 0; planned < input.others && members.length > 0 && talkers.length > 0;) {
    const e = members.shift()!;
    const startedBy: ChatSide = hasPublicOffer(e) && rng.chance(0.45) ? 'worker' : 'employer';
    if (
      first(
        talkers,
        best(talkers, (w) => fit(w, e)),
        (w) => ({ workerIndex: w, employerIndex: e, startedBy }),
      )
    )
      planned++;
  }
  return planner.finish();
}

/** Candidates tried per conversation before giving up on it. */
const CANDIDATES = 6;
const CABA = 2;
const BUENOS_AIRES = 6;

/** The same province, or both in the Buenos Aires metropolitan area (the city and the province). */
function sameArea(a: number, b: number): boolean {
  const metro = (id: number) => id === CABA || id === BUENOS_AIRES;
  return a === b || (metro(a) && metro(b));
}

class Planner {
  private readonly drafts: Draft[] = [];

  constructor(
    private readonly input: ChatPlanInput,
    private readonly fixed: ReadonlySet<DemoUser>,
  ) {}

  /** The latest a person may have written: a demo login's fixed last seen, anyone else's "now". */
  private upTo(user: DemoUser): Date {
    if (this.fixed.has(user)) return new Date(user.lastSeen!);
    return new Date(this.input.now.getTime() - NEWEST_MS);
  }

  /** Schedules one conversation; false when the two could not have talked (no room in time). */
  plan(pairing: Pairing): boolean {
    const { rng, now, workers, employers } = this.input;
    const worker = workers[pairing.workerIndex];
    const employer = employers[pairing.employerIndex];
    const since = memberSince(employer, now);
    if (!since || !worker.visible || !worker.user.lastSeen || !employer.user.lastSeen) return false;

    let offerIndex: number | null = null;
    let earliest = Math.max(
      new Date(worker.user.emailVerifiedAt).getTime(),
      new Date(employer.user.emailVerifiedAt).getTime(),
      since.getTime(),
      now.getTime() - OLDEST_DAYS * DAY_MS,
    );
    if (pairing.startedBy === 'worker') {
      const offers = publicOfferIndexes(employer, now);
      if (offers.length === 0) return false;
      // The offer she answered: one asking for what she does, else the oldest; published before she wrote.
      const fits = offers.filter((i) => employer.jobOffers[i].serviceIds.some((id) => worker.serviceIds.includes(id)));
      offerIndex = (fits.length > 0 ? fits : offers).reduce((a, b) =>
        new Date(employer.jobOffers[a].createdAt) <= new Date(employer.jobOffers[b].createdAt) ? a : b,
      );
      earliest = Math.max(earliest, new Date(employer.jobOffers[offerIndex].createdAt).getTime());
    }
    earliest += 5 * MINUTE_MS;

    const turns = this.turns(pairing, worker, employer, offerIndex);
    const userOf = (side: ChatSide) => (side === 'worker' ? worker.user : employer.user);
    const reader = pairing.unreadFor;
    // The tail: the other side's messages after the reader's last one, written after the reader was last seen.
    let tail = 0;
    if (reader) while (tail < turns.length && turns[turns.length - 1 - tail].from !== reader) tail++;
    const body = turns.slice(0, turns.length - tail);

    const bodyLatest = reader
      ? Math.min(
          new Date(userOf(reader).lastSeen!).getTime() - 10 * MINUTE_MS,
          this.upTo(userOf(other(reader))).getTime(),
        )
      : Math.min(this.upTo(worker.user).getTime(), this.upTo(employer.user).getTime());
    // Conversations among the other people end at different moments of the last days.
    const fixedInvolved = this.fixed.has(worker.user) || this.fixed.has(employer.user);
    const end = fixedInvolved ? bodyLatest : bodyLatest - rng.float(0, 10) * DAY_MS;
    const bodyTimes = schedule(rng, body.length, earliest, Math.max(end, earliest + 2 * HOUR_MS), bodyLatest);
    if (!bodyTimes) return false;

    let tailTimes: Date[] = [];
    if (reader && tail > 0) {
      const from = Math.max(new Date(userOf(reader).lastSeen!).getTime(), bodyTimes[bodyTimes.length - 1].getTime());
      const to = this.upTo(userOf(other(reader))).getTime();
      const times = scheduleTail(rng, tail, from + 10 * MINUTE_MS, to);
      if (!times) return false;
      tailTimes = times;
    }
    const times = [...bodyTimes, ...tailTimes];
    const messages = turns.map((turn, i) => ({ ...turn, at: times[i] }));
    // Whoever wrote was online then.
    for (const message of messages) {
      const user = userOf(message.from);
      if (!this.fixed.has(user)) markOnline(rng, user, message.at, now);
    }
    this.drafts.push({ ...pairing, offerIndex, messages });
    return true;
  }

  /** The script's lines for this pair, plus a follow-up from the other side when someone must have unread ones. */
  private turns(
    pairing: Pairing,
    worker: DemoWorker,
    employer: DemoEmployer,
    offerIndex: number | null,
  ): Array<{ from: ChatSide; content: string }> {
    const { rng } = this.input;
    const script = rng.pick(pairing.startedBy === 'worker' ? WORKER_SCRIPTS : EMPLOYER_SCRIPTS);
    const offer = offerIndex !== null ? employer.jobOffers[offerIndex] : employer.jobOffers[0];
    // What they talk about: a service the worker offers and the employer's offers ask for, if any.
    const asked = employer.jobOffers.flatMap((o) => o.serviceIds);
    const shared = (offerIndex !== null ? offer.serviceIds : asked).find((id) => worker.serviceIds.includes(id));
    const workerService = this.input.serviceKey(shared ?? worker.serviceIds[0] ?? -1) ?? 'housemaide';
    const wanted =
      shared === undefined && offerIndex !== null
        ? (this.input.serviceKey(offer.serviceIds[0]) ?? workerService)
        : workerService;
    const [from, to] = rng.pick(HOURS);
    const values = {
      worker: worker.user.firstName,
      employer: employer.user.firstName,
      need: NEEDS[wanted] ?? NEEDS.housemaide,
      skill: SKILLS[workerService] ?? SKILLS.housemaide,
      title: offer?.title ?? '',
      neighborhood: offer?.location.neighborhood ?? worker.location.neighborhood,
      workerNeighborhood: worker.location.neighborhood,
      days: rng.pick(DAYS),
      from,
      to,
      day: rng.pick(WEEKDAYS),
      hour: rng.pick(MEETING_HOURS),
      price: formatPesos(worker.hourPrice ?? 5500),
    };
    const genderOf = (side: ChatSide): Gender => (side === 'worker' ? worker.gender : employer.gender);
    const line = (side: ChatSide, options: readonly Gendered[]) => ({
      from: side,
      content: fill(forGender(rng.pick(options), genderOf(side)), values),
    });
    const turns = script.map(([side, options]) => line(side, options));
    const reader = pairing.unreadFor;
    if (reader) {
      const last = turns[turns.length - 1].from;
      const writer = other(reader);
      // The reader must have answered once; then the other side writes again.
      if (last === reader || rng.chance(0.5)) turns.push(line(writer, FOLLOW_UPS[writer]));
    }
    return turns;
  }

  /** Read or unread by the recipients' final last-seen, now that every sender's times are settled. */
  finish(): DemoConversation[] {
    const { rng, workers, employers } = this.input;
    return this.drafts.map((draft) => {
      const users = { worker: workers[draft.workerIndex].user, employer: employers[draft.employerIndex].user };
      const messages = draft.messages.map((message, i) => {
        const recipient = other(message.from);
        const seen = users[recipient].lastSeen ? new Date(users[recipient].lastSeen).getTime() : 0;
        const at = message.at.getTime();
        let readAt: number | null = null;
        if (seen >= at) {
          // Read just before answering, or some time before last seen when there was no answer.
          const answer = draft.messages.slice(i + 1).find((m) => m.from === recipient);
          readAt = answer
            ? Math.max(at, answer.at.getTime() - rng.int(0, 3) * MINUTE_MS)
            : Math.min(seen, at + rng.int(2, 240) * MINUTE_MS);
        }
        return {
          from: message.from,
          content: message.content,
          createdAt: message.at.toISOString(),
          readAt: readAt === null ? null : new Date(readAt).toISOString(),
        };
      });
      return {
        workerIndex: draft.workerIndex,
        employerIndex: draft.employerIndex,
        startedBy: draft.startedBy,
        offerIndex: draft.offerIndex,
        messages,
      };
    });
  }
}

function other(side: ChatSide): ChatSide {
  return side === 'worker' ? 'employer' : 'worker';
}

// ─── Time ────────────────────────────────────────────────────────────────────────────────────

/** How long people take to answer: mostly minutes, sometimes hours, now and then the next day. */
function replyGap(rng: Rng): number {
  const kind = rng.float();
  if (kind < 0.65) return rng.int(2, 75) * MINUTE_MS;
  if (kind < 0.92) return rng.int(2, 9) * HOUR_MS + rng.int(0, 59) * MINUTE_MS;
  return rng.int(18, 30) * HOUR_MS;
}

/** Argentina has no daylight saving time: local time is UTC−3 all year. */
const AR_OFFSET_MS = -3 * HOUR_MS;

/** From 1 to 7 in the morning, Argentine time, people are asleep. */
function asleep(time: number): boolean {
  const hour = new Date(time + AR_OFFSET_MS).getUTCHours();
  return hour >= 1 && hour < 7;
}

/** 7:00 to 8:59 in the morning after a night-time `time` (same Argentine date). */
function nextMorning(rng: Rng, time: number): number {
  const local = new Date(time + AR_OFFSET_MS);
  const morning = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 7) - AR_OFFSET_MS;
  return morning + rng.int(0, 119) * MINUTE_MS;
}

/**
 * `count` increasing times ending near `end` (never after `latest`, never before `earliest`),
 * moved out of the night when there is room; null when the window cannot hold them.
 */
function schedule(rng: Rng, count: number, earliest: number, end: number, latest: number): Date[] | null {
  if (count === 0) return [];
  const last = Math.min(end, latest);
  if (last - earliest < count * MINUTE_MS) return null;
  const gaps = Array.from({ length: count - 1 }, () => replyGap(rng));
  const span = gaps.reduce((sum, gap) => sum + gap, 0);
  // Squeeze the answers when the conversation must fit a shorter window.
  const room = last - earliest;
  const scale = span > room * 0.9 ? (room * 0.9) / span : 1;
  const start = Math.max(earliest, last - span * scale - rng.float(0, Math.min(room - span * scale, 2 * DAY_MS)));
  const times = [start];
  for (const gap of gaps) times.push(times[times.length - 1] + Math.max(MINUTE_MS, gap * scale));
  wakeUp(rng, times, last);
  return times.every((t) => t >= earliest && t <= latest) ? times.map((t) => new Date(t)) : null;
}

/** The newest messages, after `from` and by `to`: the first some hours later, the rest minutes apart. */
function scheduleTail(rng: Rng, count: number, from: number, to: number): Date[] | null {
  if (to - from < count * MINUTE_MS) return null;
  const times = [from + rng.float(0, 0.6) * Math.min(to - from, 12 * HOUR_MS)];
  for (let i = 1; i < count; i++) times.push(times[i - 1] + rng.int(1, 20) * MINUTE_MS);
  wakeUp(rng, times, to);
  return times[times.length - 1] <= to ? times.map((t) => new Date(t)) : null;
}

/** Moves a night-time message (and those after it) to the next morning while the last still fits. */
function wakeUp(rng: Rng, times: number[], latest: number): void {
  for (let i = 0; i < times.length; i++) {
    if (!asleep(times[i])) continue;
    const shift = nextMorning(rng, times[i]) - times[i];
    if (times[times.length - 1] + shift > latest) continue;
    for (let j = i; j < times.length; j++) times[j] += shift;
  }
}

// ─── Words ───────────────────────────────────────────────────────────────────────────────────

/** What an employer looks for, after "alguien para". */
const NEEDS: Record<string, string> = {
  housemaide: 'la limpieza y el orden de la casa',
  babysitter: 'cuidar a los chicos',
  nurse: 'acompañarnos con el bebé los primeros meses',
  eldercare: 'acompañar a mi mamá, que ya está grande',
  petcare: 'pasear y cuidar a nuestros perros',
  chef: 'cocinar para la familia',
  house_pet_sitting: 'cuidar la casa y los gatos cuando viajamos',
  au_pair: 'acompañar a los chicos, con cama adentro',
  butler: 'organizar la casa y coordinar al personal',
  commercial_cleaning: 'la limpieza de la oficina',
};

/** What a worker knows, after "experiencia en". */
const SKILLS: Record<string, string> = {
  housemaide: 'limpieza y orden de casas',
  babysitter: 'cuidado de chicos',
  nurse: 'cuidado de bebés y recién nacidos',
  eldercare: 'acompañamiento de adultos mayores',
  petcare: 'paseo y cuidado de perros',
  chef: 'cocina casera',
  house_pet_sitting: 'cuidado de casas y mascotas',
  au_pair: 'cuidado de chicos con cama adentro',
  butler: 'administración de casas grandes',
  commercial_cleaning: 'limpieza de oficinas y consultorios',
};

const DAYS = [
  'lunes, miércoles y viernes',
  'martes y jueves',
  'de lunes a viernes',
  'lunes y jueves',
  'martes, miércoles y jueves',
];
// prettier-ignore
const HOURS: ReadonlyArray<readonly [string, string]> = [['8', '12'], ['9', '13'], ['14', '18'], ['15', '19'], ['9', '17'], ['10', '14']];
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MEETING_HOURS = ['10', '11', '15', '16', '17', '18'];

type Script = ReadonlyArray<readonly [ChatSide, readonly Gendered[]]>;

/** Employers who found a worker in the directory. */
const EMPLOYER_SCRIPTS: readonly Script[] = [
  [
    [
      'employer',
      [
        'Hola {worker}, ¿cómo estás? Vi tu perfil y te escribo porque buscamos a alguien para {need}.',
        'Hola {worker}, buen día. Me gustó mucho tu perfil: buscamos a alguien para {need}. ¿Seguís buscando trabajo?',
        'Hola {worker}, soy {employer}. Estamos buscando a alguien para {need} y tu perfil nos encantó.',
      ],
    ],
    [
      'worker',
      [
        '¡Hola {employer}! Sí, sigo buscando. ¿Qué días y horarios serían?',
        'Hola {employer}, gracias por escribirme. Sí, tengo disponibilidad. ¿Qué días necesitan?',
        'Hola, ¿qué tal? Sí, me interesa. Contame un poco más, ¿qué días serían?',
      ],
    ],
    [
      'employer',
      [
        'Serían {days}, de {from} a {to}. Estamos en {neighborhood}.',
        'La idea es {days}, de {from} a {to}. Vivimos en {neighborhood}, ¿te queda cómodo?',
      ],
    ],
    [
      'worker',
      [
        'Sí, me queda bien. Vivo en {workerNeighborhood} y llego en colectivo sin problema.',
        'Me queda cómodo: desde {workerNeighborhood} tengo buena combinación.',
        'Perfecto, ese horario me sirve. Vivo en {workerNeighborhood}, no estoy lejos.',
      ],
    ],
    [
      'employer',
      [
        'Buenísimo. ¿Podrías venir el {day} a las {hour} para conocernos?',
        '¡Genial! ¿Te parece si nos vemos el {day} a las {hour} y te muestro la casa?',
      ],
    ],
    [
      'worker',
      [
        'Dale, el {day} a las {hour} puedo. ¿Me pasás la dirección exacta?',
        'Sí, perfecto. El {day} a las {hour} estoy ahí. ¿Me pasás la dirección?',
      ],
    ],
    [
      'employer',
      ['Te la paso por acá el día anterior. ¡Gracias, {worker}!', 'Genial, te la mando mañana. ¡Nos vemos el {day}!'],
    ],
  ],
  [
    [
      'employer',
      [
        'Hola {worker}, ¿cómo va? Buscamos a alguien para {need}, {days}. ¿Te interesaría?',
        'Buenas tardes, {worker}. Leí tu perfil y me pareció muy completo. Buscamos a alguien para {need}, {days}.',
      ],
    ],
    [
      'worker',
      [
        'Hola {employer}, sí, me interesa. ¿Sería con registración?',
        'Hola {employer}, gracias por escribir. Me interesa. ¿La registración la hacen ustedes?',
      ],
    ],
    [
      'employer',
      [
        'Sí, te registramos según la Ley 26.844, con aguinaldo y vacaciones pagas.',
        'Sí, claro: con recibo de sueldo, aguinaldo y vacaciones, como corresponde.',
      ],
    ],
    [
      'worker',
      [
        'Perfecto. Tengo referencias de las dos últimas familias con las que trabajé; si querés, te las paso.',
        'Genial. Te puedo pasar referencias de mi último trabajo, si las necesitás.',
      ],
    ],
    [
      'employer',
      [
        'Sí, pasámelas cuando puedas, así coordinamos una entrevista. ¡Gracias!',
        'Me vendrían bárbaro, gracias. Las veo y te escribo para combinar una entrevista.',
      ],
    ],
    [
      'worker',
      ['Listo, esta noche te paso los contactos. ¡Gracias a vos!', 'Dale, ahora te los busco y te los mando.'],
    ],
  ],
  [
    [
      'employer',
      [
        'Hola {worker}, ¿tenés disponibilidad para {need}? Sería {days} a la mañana.',
        'Hola {worker}, buscamos a alguien para {need}, {days} a la mañana. ¿Podrías?',
      ],
    ],
    [
      'worker',
      [
        [
          'Hola {employer}, gracias por escribir. A la mañana ya estoy ocupada, pero a la tarde podría.',
          'Hola {employer}, gracias por escribir. A la mañana ya estoy ocupado, pero a la tarde podría.',
        ],
        'Hola {employer}. Las mañanas las tengo tomadas, pero a la tarde estoy libre.',
      ],
    ],
    [
      'employer',
      [
        'A la tarde también nos sirve. ¿De 14 a 18 te viene bien?',
        'Mmm, podría funcionar a la tarde. ¿Te quedaría bien de 15 a 19?',
      ],
    ],
    ['worker', ['Sí, perfecto, ese horario me queda cómodo.', 'Sí, ese horario me viene bien.']],
    [
      'employer',
      [
        'Buenísimo. ¿Arrancamos el {day} para ver cómo nos organizamos?',
        '¡Bárbaro! ¿Querés empezar el {day} y vemos cómo nos llevamos?',
      ],
    ],
    [
      'worker',
      ['¡Dale! El {day} estoy ahí. ¡Gracias por la oportunidad!', 'Me parece bien. Nos vemos el {day}, ¡gracias!'],
    ],
  ],
  [
    [
      'employer',
      [
        'Hola {worker}, ¿cómo estás? Necesitamos con urgencia a alguien para {need}, porque la persona que venía se mudó. ¿Podrías empezar la semana que viene?',
        'Hola {worker}, te escribo medio apurado: necesitamos a alguien para {need} desde la semana que viene. ¿Tenés lugar?',
      ],
    ],
    [
      'worker',
      [
        'Hola {employer}, sí, podría empezar el {day}. ¿Cuántas horas serían?',
        'Hola {employer}, ¡qué bueno! Sí, desde el {day} estoy libre. ¿Cuántas horas necesitan?',
      ],
    ],
    [
      'employer',
      [
        'Unas cuatro horas, {days}. ¿Cuánto cobrás la hora?',
        'Serían {days}, cuatro horas por día. ¿Cuánto estás cobrando la hora?',
      ],
    ],
    [
      'worker',
      [
        'Estoy cobrando {price} la hora. Si son varios días fijos por semana, lo podemos hablar.',
        'Cobro {price} la hora, con el viático incluido.',
      ],
    ],
    [
      'employer',
      [
        'Nos parece bien. ¿Te paso la dirección y nos vemos el {day}?',
        'Está bien, nos parece justo. Te esperamos el {day}, entonces.',
      ],
    ],
    ['worker', ['Sí, pasámela, por favor. ¡Gracias por la confianza!', '¡Perfecto! Gracias, nos vemos el {day}.']],
  ],
];

/** Workers who answered an offer. */
const WORKER_SCRIPTS: readonly Script[] = [
  [
    [
      'worker',
      [
        'Hola {employer}, vi tu búsqueda "{title}" y me interesa mucho. Tengo experiencia en {skill}.',
        'Buenas tardes, {employer}. Te escribo por la búsqueda "{title}". Vivo en {workerNeighborhood}, no muy lejos.',
        'Hola, ¿qué tal? Soy {worker}. Me interesa la propuesta "{title}": tengo varios años de experiencia en {skill}.',
      ],
    ],
    [
      'employer',
      [
        'Hola {worker}, gracias por escribir. ¿Tenés referencias de trabajos anteriores?',
        '¡Hola {worker}! Gracias por tu mensaje. Vi tu perfil, ¿tenés referencias?',
      ],
    ],
    [
      'worker',
      [
        'Sí, tengo referencias de las familias con las que trabajé. Te las paso cuando quieras.',
        'Sí, claro. La familia de mi último trabajo puede darte referencias.',
      ],
    ],
    [
      'employer',
      [
        'Perfecto. ¿Podrías venir el {day} a las {hour} a una entrevista?',
        'Buenísimo. ¿Te queda bien una entrevista el {day} a las {hour}?',
      ],
    ],
    ['worker', ['Sí, el {day} a las {hour} puedo. ¡Gracias!', 'Dale, el {day} a las {hour}, perfecto.']],
    ['employer', ['Genial, te espero. Cualquier cosa, escribime por acá.', 'Buenísimo, nos vemos el {day}.']],
  ],
  [
    [
      'worker',
      [
        'Hola {employer}, ¿sigue disponible el puesto de "{title}"?',
        'Buen día, {employer}. ¿La búsqueda "{title}" sigue abierta?',
      ],
    ],
    [
      'employer',
      [
        'Hola {worker}, sí, todavía estamos buscando. ¿Qué disponibilidad tenés?',
        'Hola {worker}, sí, sigue abierta. ¿Qué días podrías?',
      ],
    ],
    [
      'worker',
      ['Tengo disponibilidad {days}, de {from} a {to}.', 'Puedo {days}, de {from} a {to}. Si hace falta, me acomodo.'],
    ],
    ['employer', ['Nos sirve. ¿Cuánto cobrás por hora?', '¡Bárbaro! ¿Y cuánto cobrás la hora?']],
    ['worker', ['Estoy cobrando {price} la hora.', 'Mi valor es {price} la hora.']],
    [
      'employer',
      [
        'Está dentro de lo que pensábamos. Mañana te escribo para coordinar una entrevista.',
        'Perfecto. Lo hablo en casa y te confirmo.',
      ],
    ],
  ],
  [
    [
      'worker',
      [
        'Hola {employer}, me encantó tu publicación "{title}" y me gustaría postularme.',
        'Hola {employer}, soy {worker}. Leí "{title}" y creo que puedo ayudarlos: tengo experiencia en {skill}.',
      ],
    ],
    [
      'employer',
      [
        'Hola {worker}, ¡gracias! Estuve mirando tu perfil y me gustó mucho. ¿Podrías venir a una prueba el {day}?',
        '¡Hola {worker}! Tu perfil nos encantó. ¿Podés venir el {day} para conocernos?',
      ],
    ],
    ['worker', ['¡Sí, claro! ¿A qué hora te queda bien?', 'Sí, puedo. ¿A qué hora?']],
    ['employer', ['A las {hour}, si te parece.', 'Tipo {hour}, ¿te sirve?']],
    ['worker', ['Perfecto, a las {hour} estoy ahí.', 'Sí, a las {hour} me queda perfecto.']],
  ],
];

/** A last word that waits unread. */
const FOLLOW_UPS: Record<ChatSide, readonly Gendered[]> = {
  employer: [
    '{worker}, ¿pudiste ver mi mensaje? Nos gustaría cerrar esta semana.',
    'Hola {worker}, te confirmo: te esperamos el {day} a las {hour}. ¡Gracias!',
    'Me olvidé de contarte: el timbre es el del portón de al lado. ¡Cualquier cosa, avisame!',
    'Hola {worker}, ¿seguís con disponibilidad? Nos encantaría avanzar.',
  ],
  worker: [
    'Hola {employer}, ¿pudiste pensarlo? Sigo con disponibilidad.',
    [
      'Buenas, {employer}. Te escribo para confirmar lo del {day}. ¡Quedo atenta!',
      'Buenas, {employer}. Te escribo para confirmar lo del {day}. ¡Quedo atento!',
    ],
    'Hola {employer}, ¿sigue en pie lo del {day}? Avisame cualquier cosa.',
    '¡Gracias por responder! Cualquier duda que tengan, me escriben por acá.',
  ],
};
