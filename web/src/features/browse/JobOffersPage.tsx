import { formatDistanceKm, PRODUCT_NAME } from '@cym/common';
import { ServiceIcon } from '../../components/ServiceIcon';
import { useOfferFilterChoices } from '../../lib/catalog';
import { fetchOffers, type Offer } from './api';
import { Directory } from './Directory';

const STORAGE_KEY = 'jobOffersFilters';
const DESCRIPTION_CUT = 155;

function OfferCard({ offer }: { offer: Offer }) {
  const seen = offer.parent_profile?.user.formatted_last_seen;
  return (
    <article className="card offer-card">
      <h2>{offer.title}</h2>
      <p className="muted">por {offer.parent_profile?.user.first_name ?? PRODUCT_NAME}</p>
      {seen && seen !== '-' && <span className="badge badge--done">{seen}</span>}
      <p className="muted">
        {offer.location
          ? `${offer.location.municipality.name}, ${offer.location.province.name}`
          : 'Ubicación sin asignar'}
        {offer.distance_km !== undefined && <span className="distance"> · {formatDistanceKm(offer.distance_km)}</span>}
      </p>
      <p>
        {offer.description.length > DESCRIPTION_CUT
          ? `${offer.description.slice(0, DESCRIPTION_CUT)}...`
          : offer.description}
      </p>
      <p className="worker-card__icons">
        {offer.services.map((s) => (
          <span key={s.id} title={s.title_display}>
            <ServiceIcon serviceKey={s.title} size={20} />
            <span className="visually-hidden">{s.title_display}</span>
          </span>
        ))}
      </p>
      <p>{offer.work_arrangements.map((w) => w.value_display).join(', ') || 'Sin asignar'}</p>
      <a className="button" href={`/job-offer/${offer.id}`} target="_blank" rel="noopener">
        Ver oferta
      </a>
    </article>
  );
}

/** Job offer search (spec 02 §2.2): the same filter bar, paged by the server. */
export default function JobOffersPage() {
  return (
    <Directory
      title="¿Buscás trabajo en casas de familia o empresas?"
      storageKey={STORAGE_KEY}
      name="job-offers"
      choices={useOfferFilterChoices().data}
      fetchPage={fetchOffers}
      renderItem={(offer) => <OfferCard offer={offer} />}
      itemKey={(offer) => offer.id}
      countLabel={(count) => `${count} ofertas`}
      emptyText="No hay ofertas laborales disponibles en este momento."
      gridClass="card-grid--three"
    />
  );
}
