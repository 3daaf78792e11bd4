import { formatOfferCount } from '@cym/common';
import { Directory, prefetchDirectory } from './Directory';
import { OfferCard } from './OfferCard';

export const prefetch = prefetchDirectory('job-offers');

const STORAGE_KEY = 'jobOffersFilters';

/** Job offer search: the same filter bar, paged by the server. */
export default function JobOffersPage() {
  return (
    <Directory
      title="¿Buscás trabajo en casas de familia o empresas?"
      storageKey={STORAGE_KEY}
      name="job-offers"
      renderItem={(offer) => <OfferCard offer={offer} />}
      itemKey={(offer) => offer.id}
      countLabel={formatOfferCount}
      emptyText="No hay ofertas laborales disponibles en este momento."
      gridClass="card-grid--three"
    />
  );
}
