import {
  formatDate,
  formatPesos,
  formatPhone,
  GENDERS,
  JOB_OFFER_LIMITS,
  JOB_OFFER_MESSAGES,
  PAYMENT_MESSAGES,
  parentInfoProblems,
  type JobOfferInput,
  nationalityDisplay,
} from '@cym/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog, focusPageHeading } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { profileChoicesQuery, type ProfileChoices } from '../../lib/catalog';
import { PhotoUploader } from '../../components/PhotoUploader';
import {
  employerKeys,
  offerToInput,
  useBankDetails,
  useDeleteOffer,
  useOwnMemberships,
  useOwnOffers,
  useParentInfo,
  useSaveOffer,
  useSetOfferStatus,
  useUpdateParentInfo,
  type Membership,
  type OwnJobOffer,
  type ParentInfo,
} from './api';
import { MembershipModal } from './MembershipModal';
import { OfferWizard } from './OfferWizard';
import { useWageRules } from '../wages';
import './employer.css';

interface Props {
  profileId: number;
  userId: number;
  onboarding: boolean;
}

type WizardState = { mode: 'create' } | { mode: 'edit'; offer: OwnJobOffer };

/** The MEMBRESÍA table's Estado. */
const STATE_LABELS: Record<Membership['state'], string> = {
  active: 'Activa',
  scheduled: 'Programada',
  pending: 'Pendiente',
  expired: 'Vencida',
  inactive: 'Inactiva',
};

/** The employer's /user-account: banner, MEMBRESÍA, MIS OFERTAS, personal info and photo. */
export default function ParentAccount({ profileId, userId, onboarding }: Props) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const infoQuery = useParentInfo(profileId);
  const offersQuery = useOwnOffers(profileId);
  const membershipsQuery = useOwnMemberships(profileId);
  const saveOffer = useSaveOffer(profileId);
  const setOfferStatus = useSetOfferStatus(profileId);
  const deleteOffer = useDeleteOffer(profileId);
  const [choices, setChoices] = useState<ProfileChoices | null>(null);
  const [wizard, setWizard] = useState<WizardState | null>(null);
  // The price step's legal minimum.
  const wageRules = useWageRules().data;
  const [modal, setModal] = useState(false);
  const [editingInfo, setEditingInfo] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  // Closed, the wizard gives focus back to the button that opened it, drawn
  // again with the page; to the page's heading when it is gone (a full list, an onboarding).
  const wizardOpener = useRef<string | null>(null);
  useEffect(() => {
    const key = wizardOpener.current;
    if (wizard || !key) return;
    wizardOpener.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-opens-wizard="${key}"]:not(:disabled)`);
    if (button) button.focus();
    else focusPageHeading();
  }, [wizard]);

  // The wizard's lists load when it opens, not with the page.
  const openWizard = useCallback(
    async (state: WizardState) => {
      setActionError(null);
      try {
        setChoices(await client.fetchQuery(profileChoicesQuery));
        setWizard(state);
        window.scrollTo({ top: 0 });
      } catch (error) {
        setActionError(errorMessage(error, 'Error al cargar la información.'));
      }
    },
    [client],
  );

  // With onboarding=true the creation wizard opens, while there is room: once, when the offers are
  // known.
  const offerCount = offersQuery.data?.length;
  const onboarded = useRef(false);
  useEffect(() => {
    if (!onboarding || onboarded.current || offerCount === undefined) return;
    onboarded.current = true;
    if (offerCount < JOB_OFFER_LIMITS.perEmployer) void openWizard({ mode: 'create' });
  }, [onboarding, offerCount, openWizard]);

  const info = infoQuery.data;
  const active = info?.membership?.status === true;
  // A bank transfer waiting for approval: the banner shows it instead of offering to pay again.
  const pendingTransfer =
    membershipsQuery.data?.find((m) => m.state === 'pending' && m.payment?.payment_method === 'bank_transfer') ?? null;
  const offerList = offersQuery.data ?? [];
  const full = offerList.length >= JOB_OFFER_LIMITS.perEmployer;

  async function submitOffer(input: JobOfferInput) {
    await saveOffer.mutateAsync({ id: wizard?.mode === 'edit' ? wizard.offer.id : undefined, input });
    closeWizard();
  }

  function closeWizard() {
    wizardOpener.current = wizard?.mode === 'edit' ? `edit-${wizard.offer.id}` : 'create';
    setWizard(null);
    if (onboarding) void navigate(paths.userAccount, { replace: true });
  }

  function toggle(offer: OwnJobOffer) {
    setActionError(null);
    setOfferStatus.mutate(
      { id: offer.id, status: !offer.status },
      { onError: (error) => setActionError(errorMessage(error, 'No pudimos cambiar la visibilidad.')) },
    );
  }

  function remove(offer: OwnJobOffer) {
    if (!window.confirm(JOB_OFFER_MESSAGES.deleteConfirm)) return;
    setActionError(null);
    deleteOffer.mutate(offer.id, {
      onError: (error) => setActionError(errorMessage(error, 'No pudimos eliminar la oferta.')),
    });
  }

  // One screen-high placeholder until the sections have their data: drawn empty and filled one by
  // one, they pushed each other and 'Verificación' down in view (/user-account shifted).
  if (infoQuery.isPending || offersQuery.isPending || membershipsQuery.isPending)
    return (
      <p role="status" className="account__loading">
        Cargando tu perfil…
      </p>
    );

  if (wizard && choices)
    return (
      <OfferWizard
        mode={wizard.mode}
        initial={wizard.mode === 'edit' ? offerToInput(wizard.offer, choices.shifts) : undefined}
        choices={choices}
        onSubmit={submitOffer}
        onCancel={closeWizard}
        wageRules={wageRules}
      />
    );

  return (
    <div className="parent-account">
      {info && !active && !pendingTransfer && (
        <div className="banner" role="status">
          <p>
            <strong>Tus ofertas laborales están ocultas</strong>
          </p>
          <p>Activá la membresía para que se muestren y para chatear con trabajadores.</p>
          <button type="button" className="button" onClick={() => setModal(true)}>
            Activar membresía
          </button>
        </div>
      )}
      {info && !active && pendingTransfer && (
        <PendingTransferBanner membership={pendingTransfer} onPayByCard={() => setModal(true)} />
      )}
      {infoQuery.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(infoQuery.error, 'Error al obtener datos.')}
        </p>
      )}

      <section className="card account-section" aria-labelledby="membership-title">
        <h2 id="membership-title">MEMBRESÍA</h2>
        <MembershipTable memberships={membershipsQuery.data} failed={membershipsQuery.isError} />
      </section>

      <section className="card account-section" aria-labelledby="offers-title">
        <h2 id="offers-title">MIS OFERTAS</h2>
        {offersQuery.isPending && <p role="status">Cargando...</p>}
        {offersQuery.isError && (
          <p className="notice notice--error" role="alert">
            {JOB_OFFER_MESSAGES.listFailed}
          </p>
        )}
        {offersQuery.data && offerList.length === 0 && <p>Todavía no publicaste ofertas laborales.</p>}
        {actionError && (
          <p className="notice notice--error" role="alert">
            {actionError}
          </p>
        )}
        <ul className="own-offers">
          {offerList.map((offer) => (
            <li key={offer.id} className="own-offer">
              <div className="own-offer__head">
                <h3>{offer.title}</h3>
                <span className={offer.is_public ? 'state state--on' : 'state state--off'}>
                  {offer.is_public ? 'Visible' : 'Oculta'}
                </span>
              </div>
              <div className="own-offer__actions">
                <label
                  className="switch"
                  title={active ? undefined : 'Necesitás una membresía activa para mostrar tus ofertas'}
                >
                  <input
                    type="checkbox"
                    role="switch"
                    checked={offer.is_public}
                    disabled={!active}
                    onChange={() => toggle(offer)}
                    aria-label={`Mostrar la oferta ${offer.title}`}
                  />
                  <span>{offer.is_public ? 'Visible' : 'Oculta'}</span>
                </label>
                <button
                  type="button"
                  className="button button--secondary"
                  data-opens-wizard={`edit-${offer.id}`}
                  onClick={() => void openWizard({ mode: 'edit', offer })}
                >
                  Editar
                </button>
                <button type="button" className="button button--ghost" onClick={() => remove(offer)}>
                  Eliminar
                </button>
                <a href={`/job-offer/${offer.id}`} target="_blank" rel="noreferrer">
                  Ver oferta
                </a>
              </div>
            </li>
          ))}
        </ul>
        {offersQuery.data && (
          <>
            <button
              type="button"
              className="button"
              disabled={full}
              title={full ? JOB_OFFER_MESSAGES.limitTooltip : undefined}
              data-opens-wizard="create"
              onClick={() => void openWizard({ mode: 'create' })}
            >
              {full ? JOB_OFFER_MESSAGES.limitLabel : 'Agregar oferta laboral'}
            </button>
            {full && (
              <p className="notice" role="note">
                Ya tenés el máximo de {JOB_OFFER_LIMITS.perEmployer} ofertas laborales. Para publicar otra, eliminá una.
              </p>
            )}
          </>
        )}
      </section>

      {info && (
        <>
          <section className="card account-section" aria-labelledby="info-title">
            <h2 id="info-title">Información personal</h2>
            <dl className="details">
              <dt>Nombre</dt>
              <dd>{info.user.full_name}</dd>
              <dt>Correo electrónico</dt>
              <dd>{info.user.email}</dd>
              <dt>Teléfono</dt>
              <dd>{formatPhone(info.user.phone) ?? 'Sin asignar'}</dd>
              <dt>Fecha de nacimiento</dt>
              <dd>{info.date_of_birth ? formatBirth(info.date_of_birth) : 'Sin asignar'}</dd>
              <dt>Género</dt>
              <dd>{info.gender_display ?? 'Sin asignar'}</dd>
              <dt>Nacionalidad</dt>
              <dd>{nationalityDisplay(info.nationality, info.gender) ?? 'Sin asignar'}</dd>
            </dl>
            <button type="button" className="button button--secondary" onClick={() => setEditingInfo(true)}>
              Modificar
            </button>
          </section>
          <section className="card account-section" aria-labelledby="photo-title">
            <h2 id="photo-title">Foto de perfil</h2>
            <PhotoUploader
              userId={userId}
              image={info.user.profile_image}
              onChange={(image) =>
                client.setQueryData(employerKeys.info(profileId), {
                  ...info,
                  user: { ...info.user, profile_image: image },
                })
              }
            />
          </section>
          <InfoDialog
            open={editingInfo}
            info={info}
            onClose={() => setEditingInfo(false)}
            onSaved={() => setEditingInfo(false)}
          />
        </>
      )}
      <MembershipModal
        open={modal}
        onClose={() => setModal(false)}
        pendingTransfer={pendingTransfer?.payment?.transaction_id ?? null}
      />
    </div>
  );
}

function formatBirth(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function MembershipTable({ memberships, failed }: { memberships: Membership[] | undefined; failed: boolean }) {
  if (failed)
    return (
      <p className="notice notice--error" role="alert">
        {PAYMENT_MESSAGES.membershipFetchFailed}
      </p>
    );
  if (!memberships) return <p role="status">Cargando...</p>;
  if (memberships.length === 0)
    return (
      <div className="empty-membership">
        <p>Sin membresía</p>
        <Link to={paths.memberships} className="button">
          Ver membresías
        </Link>
      </div>
    );
  return (
    <div className="table-scroll">
      <table className="membership-table">
        <thead>
          <tr>
            <th scope="col">Inicio</th>
            <th scope="col">Vencimiento</th>
            <th scope="col">Medio de pago</th>
            <th scope="col">Monto</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {memberships.map((m) => (
            <tr key={m.id}>
              <td data-label="Inicio">{formatDate(new Date(m.start_date))}</td>
              <td data-label="Vencimiento">{formatDate(new Date(m.end_date))}</td>
              <td data-label="Medio de pago">{m.payment?.payment_method_display ?? '-'}</td>
              <td data-label="Monto">{formatPesos(m.payment?.amount ?? m.membership_type.price)}</td>
              <td data-label="Estado">
                <span className={`membership-state membership-state--${m.state}`}>{STATE_LABELS[m.state]}</span>
                {m.state === 'pending' && (
                  <span className="membership-table__note"> (transferencia por acreditar)</span>
                )}
                {m.state === 'scheduled' && (
                  <span className="membership-table__note"> (empieza el {formatDate(new Date(m.start_date))})</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A bank transfer waiting for the team's approval: its reference and the bank details, instead of
 * 'Activar membresía'. Paying by card is still possible, and says the transfer is pending.
 */
function PendingTransferBanner({ membership, onPayByCard }: { membership: Membership; onPayByCard: () => void }) {
  const { data: bank, isError: bankError } = useBankDetails();
  const reference = membership.payment?.transaction_id ?? '';
  return (
    <section className="banner banner--transfer" role="status" aria-labelledby="transfer-pending-title">
      <div className="transfer-pending">
        <p id="transfer-pending-title">
          <strong>Tu transferencia está pendiente de aprobación</strong>
        </p>
        <p>
          Cuando recibamos {formatPesos(membership.payment?.amount ?? membership.membership_type.price)} con la
          referencia <strong className="transfer-pending__reference">{reference}</strong>, activamos tu membresía y tus
          ofertas se muestran. Te avisamos por correo.
        </p>
        {bank && (
          <dl className="details transfer-pending__bank">
            <dt>Banco</dt>
            <dd>{bank.name}</dd>
            <dt>Titular</dt>
            <dd>{bank.holder}</dd>
            <dt>CUIT</dt>
            <dd>{bank.cuit}</dd>
            <dt>Alias</dt>
            <dd className="value">{bank.alias}</dd>
            <dt>CBU/CVU</dt>
            {/* 22 digits copied whole: one line, a little smaller so it fits a phone. */}
            <dd className="bank-account value transfer-pending__account">{bank.account}</dd>
            <dt>Referencia</dt>
            <dd className="value">{reference}</dd>
          </dl>
        )}
        {bankError && <p>Los datos bancarios están en el correo que te enviamos.</p>}
      </div>
      <button type="button" className="button button--secondary" onClick={onPayByCard}>
        Pagar con tarjeta
      </button>
    </section>
  );
}

function InfoDialog({
  open,
  info,
  onClose,
  onSaved,
}: {
  open: boolean;
  info: ParentInfo;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    date_of_birth: info.date_of_birth ?? '',
    gender: info.gender ?? '',
    nationality: info.nationality ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string[]>>>({});
  const update = useUpdateParentInfo(info.id);
  const busy = update.isPending;
  const failure = update.isError ? errorMessage(update.error, 'No pudimos guardar tus datos.') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = parentInfoProblems(form);
    setErrors(problems);
    update.reset();
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { ...form, gender: form.gender as 'male' | 'female', nationality: form.nationality.trim() },
      { onSuccess: onSaved },
    );
  }

  return (
    <Dialog open={open} title="Modificar información personal" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Fecha de nacimiento"
          type="date"
          value={form.date_of_birth}
          errors={errors.date_of_birth}
          onChange={(event) => setForm({ ...form, date_of_birth: event.target.value })}
        />
        <SelectField
          label="Género"
          placeholder="Elegí una opción"
          value={form.gender || null}
          options={GENDERS.map((g) => ({ value: g.value, label: g.label }))}
          errors={errors.gender}
          onChange={(gender) => setForm({ ...form, gender: gender ?? '' })}
        />
        <TextField
          label="Nacionalidad"
          value={form.nationality}
          maxLength={100}
          errors={errors.nationality}
          onChange={(event) => setForm({ ...form, nationality: event.target.value })}
        />
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
