import { useNavigate, useParams } from 'react-router';
import {
  ageFromBirthDate,
  formatAge,
  formatPesos,
  GENDERS,
  offerPageText,
  PRODUCT_NAME,
  weeklyHoursOfShifts,
  nationalityDisplay,
} from '@cym/common';
import { AvailabilityTable } from '../../components/AvailabilityTable';
import { PersonPhoto } from '../../components/PersonPhoto';
import { SaveButton } from '../../components/SaveButton';
import { ServiceIcon } from '../../components/ServiceIcon';
import { VerifiedBadges } from '../../components/VerifiedBadges';
import { useSession } from '../../lib/session';
import { startChat } from '../chat';
import { ProfileBlockButton } from '../blocks';
import { useDocumentTitle } from '../../lib/title';
import { ReportButton } from '../moderation';
import { isNotFoundError, markedNotFound, useNotFoundHere } from '../../lib/not-found';
import type { Prefetch } from '../../lib/lazy';
import { NotFoundPage } from '../static-pages';
import { SignUpLinks, useAuthDialogs } from '../auth';
import { LegalMinimumNote, useWageRules, wageRulesQuery } from '../wages';
import { referencePageQuery, ReferencesSection } from '../references';
import { RatingSummary } from '../../components/Rating';
import { jobOfferQuery, OFFER_LOAD_FAILED, useJobOffer } from './api';
import './public-profile.css';

const NONE = 'Sin asignar';

const isOfferId = (id: number) => Number.isInteger(id) && id >= 1;

/** The wage rules and the offer; once it is there, the first page of its employer's references. */
export const prefetch: Prefetch = async ({ client, params, url }) => {
  const id = Number(params.jobOfferId);
  const rules = client.prefetchQuery(wageRulesQuery);
  if (!isOfferId(id) || markedNotFound(client, url.pathname)) return rules;
  const offer = await client.fetchQuery(jobOfferQuery(id)).catch(() => null);
  const parent = offer?.parent_profile;
  await Promise.all([rules, parent ? client.prefetchQuery(referencePageQuery('parents', parent.id, 1)) : undefined]);
};

/** The public job offer. */
export default function PublicJobOfferPage() {
  const { jobOfferId } = useParams();
  const id = Number(jobOfferId);
  const { role, user, settled } = useSession();
  const { open } = useAuthDialogs();
  const navigate = useNavigate();
  // A hidden, deleted or unknown offer: the server said so with the page (then nothing is asked).
  const notFoundHere = useNotFoundHere();
  const valid = isOfferId(id) && !notFoundHere;
  const query = useJobOffer(id, valid);
  const offer = query.data ?? null;
  // The legal minimum for the offer's services, arrangements and place.
  const wageRules = useWageRules().data;
  const error = !valid || query.isError ? OFFER_LOAD_FAILED : null;

  useDocumentTitle(
    offer ? offerPageText({ title: offer.title, municipality: offer.location.municipality.name }) : null,
  );

  // Chatear: hidden for employers (and for admins on team offers); visitors sign up.
  const parent = offer?.parent_profile ?? null;
  const showChat = parent ? role !== 'parent' : role !== 'parent' && role !== 'admin';
  const chat = async () => {
    if (role === 'visitor' || !user) return open('signup', { profileType: 'Worker' });
    // Right after a start the session is known in full once its refresh answers (the profile id).
    const viewer = await settled();
    if (!viewer) return open('signup', { profileType: 'Worker' });
    const result = await startChat(viewer, parent ? { parentId: parent.id } : {});
    if ('id' in result) void navigate(`/conversations/chat/${result.id}`);
    else console.error('start chat:', result.error);
  };

  if (!valid || isNotFoundError(query.error)) return <NotFoundPage />;
  if (error)
    return (
      <section className="container not-found" role="alert">
        <h1>Propuesta laboral</h1>
        <p>{error}</p>
      </section>
    );
  if (!offer)
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    );

  const shifts = new Set(offer.work_shifts.map((s) => `${s.day_display}:${s.shift_display}`));
  const age = parent?.date_of_birth ? ageFromBirthDate(parent.date_of_birth) : null;
  const native = offer.native_language?.id;
  const seen = parent?.user.formatted_last_seen;
  return (
    <div className="container public-profile">
      <h1>Propuesta laboral</h1>
      <section className="card public-profile__top">
        <div className="public-profile__photo">
          {parent ? (
            <PersonPhoto name={parent.user.first_name} image={parent.user.profile_image} size={160} priority />
          ) : (
            // Offers published by the team show the product's logo.
            <img src="/favicon.svg" alt={PRODUCT_NAME} width="160" height="160" />
          )}
          {seen && seen !== '-' && <span className="last-seen">{seen}</span>}
        </div>
        <div>
          <h2>{offer.title}</h2>
          <p className="muted">
            {offer.location.neighborhood}, {offer.location.municipality.name}, {offer.location.province.name}
          </p>
          <dl className="details">
            <dt>Publica</dt>
            <dd>
              {parent?.user.first_name ?? PRODUCT_NAME} <RatingSummary rating={parent?.rating} />
              {/* The employer's checked DNI, as on the offer's card. */}
              <VerifiedBadges identity={parent?.identity_verified === true} />
            </dd>
            {parent && (
              <>
                <dt>Edad</dt>
                <dd>{age !== null ? formatAge(age) : NONE}</dd>
                <dt>Género</dt>
                <dd>{parent.gender_display ?? NONE}</dd>
                <dt>Nacionalidad</dt>
                <dd>
                  {nationalityDisplay(
                    parent.nationality,
                    GENDERS.find((g) => g.label === parent.gender_display)?.value,
                  ) ?? NONE}
                </dd>
              </>
            )}
            <dt>Publicada</dt>
            <dd>{offer.formatted_created_at}</dd>
          </dl>
          <p className="card-actions">
            {showChat && (
              <button type="button" className="button" onClick={() => void chat()}>
                Chatear
              </button>
            )}
            <SaveButton item="offer" id={offer.id} name={offer.title} />
          </p>
        </div>
      </section>
      <section className="card">
        <h2>Presentación</h2>
        <p>{offer.description}</p>
      </section>
      {parent && <ReferencesSection subject="parents" profileId={parent.id} subjectName={parent.user.first_name} />}
      <section className="card">
        <h2>Servicios requeridos</h2>
        <ul className="service-list service-list--left">
          {offer.services.map((s) => (
            <li key={s.id} className="service-chip">
              <ServiceIcon serviceKey={s.title} /> {s.title_display}
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h2>Tareas</h2>
        <p>{offer.tasks.map((t) => t.title_display).join(', ') || NONE}</p>
      </section>
      <section className="card">
        <h2>Modalidad de trabajo</h2>
        <p>{offer.work_arrangements.map((w) => w.value_display).join(', ') || NONE}</p>
      </section>
      <section className="card">
        <h2>Sueldo mensual</h2>
        <p>{offer.monthly_price ? formatPesos(offer.monthly_price) : NONE}</p>
        <LegalMinimumNote
          rules={wageRules}
          query={{
            services: offer.services.map((s) => s.id),
            work_arrangements: offer.work_arrangements.map((w) => w.id),
            province: offer.location.province.id,
            municipality: offer.location.municipality.id,
            weekly_hours: weeklyHoursOfShifts(offer.work_shifts.length),
          }}
          monthlyPrice={offer.monthly_price}
        />
      </section>
      <section className="card">
        <h2>Idiomas</h2>
        <p>{offer.languages.map((l) => `${l.name_display}${l.id === native ? ' (nativo)' : ''}`).join(', ') || NONE}</p>
      </section>
      <section className="card">
        <h2>Disponibilidad</h2>
        <AvailabilityTable selected={shifts} onLabel="Requerido" />
      </section>
      {/* Last on the page: they come with the session, after the first paint, and move nothing above them. */}
      {parent && (
        <div className="profile-safety no-print">
          <ReportButton target="job_offer" targetId={offer.id} ownerProfileId={parent.id} />
          <ProfileBlockButton userId={parent.user.id} name={parent.user.first_name} />
        </div>
      )}
      <SignUpLinks />
    </div>
  );
}
