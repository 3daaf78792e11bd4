import { PreparedAnswer } from '../../common/http/prepared-answer';
import type { HiddenProfiles } from '../blocks/blocks.repository';

/** A directory card as far as leaving it out goes: a worker's id, an offer's employer profile. */
interface Card {
  id: number;
  parent_profile?: { id: number } | null;
}

/**
 * A directory answer without the cards of the people the viewer blocked, or the kept answer
 * itself when none is on it (its bytes and ETag untouched). The answer is the cache's, shared by
 * everyone, so the cards are taken out of a copy for this viewer only; the page's `count` loses
 * what was taken out of that page.
 */
export function withoutBlocked(
  answer: PreparedAnswer,
  kind: 'workers' | 'job-offers',
  hidden: HiddenProfiles,
): PreparedAnswer {
  const ids = new Set(kind === 'workers' ? hidden.workers : hidden.parents);
  if (ids.size === 0) return answer;
  const hides = (card: Card) => ids.has(kind === 'workers' ? card.id : (card.parent_profile?.id ?? -1));
  const body = JSON.parse(answer.json.toString('utf8')) as Card[] | { results: Card[]; count: number };
  if (Array.isArray(body)) {
    const kept = body.filter((card) => !hides(card));
    return kept.length === body.length ? answer : new PreparedAnswer(kept);
  }
  const kept = body.results.filter((card) => !hides(card));
  if (kept.length === body.results.length) return answer;
  return new PreparedAnswer({ ...body, results: kept, count: body.count - (body.results.length - kept.length) });
}
