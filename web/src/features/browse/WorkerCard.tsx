import { useState } from 'react';
import { Link } from 'react-router';
import { ageFromBirthDate, formatDistanceKm } from '@cym/common';
import { PersonPhoto } from '../../components/PersonPhoto';
import { RatingSummary } from '../../components/Rating';
import { SaveButton } from '../../components/SaveButton';
import { VerifiedBadges } from '../../components/VerifiedBadges';
import { useInBrowser } from '../../lib/server-render';
import { CardServices } from './CardServices';
import type { Worker } from './api';
import './cards.css';

const INTRO_CUT = 155;
const INTRO_ELLIPSIS_OVER = 160;

function introduction(text: string | null): string {
  if (!text) return '';
  return text.length > INTRO_ELLIPSIS_OVER ? `${text.slice(0, INTRO_CUT)}...` : text.slice(0, INTRO_CUT);
}

/** A worker in a list of cards (the directory, the landing pages, the saved ones). */
export function WorkerCard({ worker }: { worker: Worker }) {
  const [loaded, setLoaded] = useState(false);
  // The spinner over a loading photo is the app's: the server's HTML (read without scripts) shows
  // the face, or the browser's own loading of it, never a spinner nothing would take away.
  const inBrowser = useInBrowser();
  const age = worker.date_of_birth ? ageFromBirthDate(worker.date_of_birth) : null;
  const place = worker.location.municipality
    ? `${worker.location.municipality.name}, ${worker.location.province?.name ?? ''}`
    : 'Ubicación sin asignar';
  const seen = worker.user.formatted_last_seen;
  return (
    <article className="card worker-card">
      <div className="worker-card__photo">
        {inBrowser && worker.user.profile_image && !loaded && <span className="spinner" aria-hidden="true" />}
        <PersonPhoto
          name={worker.user.first_name}
          image={worker.user.profile_image}
          size={96}
          onLoad={() => setLoaded(true)}
        />
      </div>
      <div className="worker-card__body">
        <h2>
          {worker.user.first_name}
          {age !== null && <span className="muted">, {age} años</span>}
        </h2>
        <RatingSummary rating={worker.rating} />
        {seen && seen !== '-' && <span className="badge badge--done">{seen}</span>}
        {worker.verified && (
          <VerifiedBadges identity={worker.verified.identity} background={worker.verified.background} />
        )}
        <p className="muted">
          {place}
          {worker.distance_km !== undefined && (
            <span className="distance"> · {formatDistanceKm(worker.distance_km)}</span>
          )}
        </p>
        <p>{introduction(worker.introduction)}</p>
        <CardServices services={worker.services} />
        <p>{worker.work_arrangements.map((w) => w.value_display).join(', ') || 'Sin asignar'}</p>
        <p className="card-actions">
          {/* Same tab: Back returns to the results where they were. Named with the person. */}
          <Link
            className="button"
            to={`/worker-profile/${worker.id}`}
            aria-label={`Ver perfil de ${worker.user.first_name}`}
          >
            Ver perfil
          </Link>
          <SaveButton item="worker" id={worker.id} name={worker.user.first_name} />
        </p>
      </div>
    </article>
  );
}
