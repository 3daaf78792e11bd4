import { Link } from 'react-router';
import { formatDistanceKm, PRODUCT_NAME } from '@cym/common';
import { RatingSummary } from '../../components/Rating';
import { SaveButton } from '../../components/SaveButton';
import { VerifiedBadges } from '../../components/VerifiedBadges';
import { CardServices } from './CardServices';
import type { Offer } from './api';
import './cards.css';

const DESCRIPTION_CUT = 155;

/** An offer in a list of cards (the directory, the saved ones). */
export function OfferCard({ offer }: { offer: Offer }) {
  const seen = offer.parent_profile?.user.formatted_last_seen;
  return (
    <article className="card offer-card">
      <h2>{offer.title}</h2>
      <p className="muted">
        por {offer.parent_profile?.user.first_name ?? PRODUCT_NAME}{' '}
        <RatingSummary rating={offer.parent_profile?.rating} />
      </p>
      {seen && seen !== '-' && <span className="badge badge--done">{seen}</span>}
      <VerifiedBadges identity={offer.parent_profile?.identity_verified === true} />
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
      <CardServices services={offer.services} />
      <p>{offer.work_arrangements.map((w) => w.value_display).join(', ') || 'Sin asignar'}</p>
      <p className="card-actions">
        {/* Same tab, as 'Ver perfil'; named with the offer. */}
        <Link className="button" to={`/job-offer/${offer.id}`} aria-label={`Ver oferta: ${offer.title}`}>
          Ver oferta
        </Link>
        <SaveButton item="offer" id={offer.id} name={offer.title} />
      </p>
    </article>
  );
}
