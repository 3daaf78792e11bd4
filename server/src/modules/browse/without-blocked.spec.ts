import { JsonText, PreparedAnswer } from '../../common/http/prepared-answer';
import { withoutBlocked } from './without-blocked';

const workers = [{ id: 1 }, { id: 2 }, { id: 3 }];
const offers = [
  { id: 10, parent_profile: { id: 5 } },
  { id: 11, parent_profile: null },
  { id: 12, parent_profile: { id: 6 } },
];
const page = (results: unknown[], count: number) => new PreparedAnswer({ results, count, page: 2, page_size: 3 });
const body = (answer: PreparedAnswer): unknown => JSON.parse(answer.json.toString('utf8'));

describe('withoutBlocked', () => {
  it('answers the kept answer itself when nobody on it is blocked', () => {
    const kept = page(workers, 40);
    expect(withoutBlocked(kept, 'workers', { workers: [], parents: [1] })).toBe(kept);
    expect(withoutBlocked(kept, 'workers', { workers: [99], parents: [] })).toBe(kept);
    const plain = new PreparedAnswer(new JsonText(JSON.stringify(offers)));
    expect(withoutBlocked(plain, 'job-offers', { workers: [10], parents: [7] })).toBe(plain);
  });

  it("takes out blocked workers' cards and lowers the page's count by as many", () => {
    const answer = withoutBlocked(page(workers, 40), 'workers', { workers: [2, 3], parents: [] });
    expect(body(answer)).toEqual({ results: [{ id: 1 }], count: 38, page: 2, page_size: 3 });
  });

  it('takes out the offers of blocked employers, never the team offers, from the plain array', () => {
    const plain = new PreparedAnswer(offers);
    const answer = withoutBlocked(plain, 'job-offers', { workers: [], parents: [6] });
    expect(body(answer)).toEqual(offers.slice(0, 2));
    expect(answer.etag).not.toBe(plain.etag);
  });
});
