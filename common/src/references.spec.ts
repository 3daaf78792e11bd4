import { formatRating, formatReferenceCount, ratingOf } from './references';

describe('references', () => {
  it('averages to one decimal and says nothing without references', () => {
    expect(ratingOf(57, 12)).toEqual({ average: 4.8, count: 12, hired: 0 });
    expect(ratingOf(5, 1)).toEqual({ average: 5, count: 1, hired: 0 });
    expect(ratingOf(null, null)).toBeNull();
    expect(ratingOf(0, 0)).toBeNull();
    expect(ratingOf(14, 3, 2)).toEqual({ average: 4.7, count: 3, hired: 2 });
  });

  it('writes the average and the count in es-AR', () => {
    expect(formatRating(4.7)).toBe('4,7');
    expect(formatRating(5)).toBe('5,0');
    expect(formatReferenceCount(1)).toBe('1 referencia');
    expect(formatReferenceCount(12)).toBe('12 referencias');
    expect(formatReferenceCount(1500)).toBe('1.500 referencias');
  });
});
