import { canonicalPageUrl } from './public-pages.routes';

describe('canonicalPageUrl', () => {
  it('keeps only the search a directory reads, the last of each, in one order', () => {
    expect(canonicalPageUrl('/workers?utm_source=whatsapp&province=6&services=Niñera%2Fo&page=2')).toBe(
      '/workers?page=2&province=6&services=Ni%C3%B1era%2Fo',
    );
    expect(canonicalPageUrl('/job-offers?province=1&province=6')).toBe('/job-offers?province=6');
    expect(canonicalPageUrl('/workers/?fbclid=x')).toBe('/workers/');
    expect(canonicalPageUrl('/workers')).toBe('/workers');
    expect(canonicalPageUrl('/workers?near=6441&gclid=x&radius_km=25&services=Limpieza')).toBe(
      '/workers?near=6441&radius_km=25&services=Limpieza',
    );
  });

  it('drops the query of pages that read none', () => {
    expect(canonicalPageUrl('/worker-profile/12?utm_source=whatsapp')).toBe('/worker-profile/12');
    expect(canonicalPageUrl('/?a=1?b=2')).toBe('/');
    expect(canonicalPageUrl('/trabajadores/nineras/cordoba?page=3')).toBe('/trabajadores/nineras/cordoba');
  });
});
