import { formatPesos, MEMBERSHIP, PAYMENT_MESSAGES } from '@cym/common';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { useSiteConfig, whatsappLink } from '../../lib/use-site-config';
import { paymentsApi, useMembershipTypeQuery, type MembershipType } from './api';
import './employer.css';

export const MEMBERSHIP_BENEFITS = [
  'Publicá hasta 2 ofertas laborales en paralelo',
  'Contactá directamente a las personas que te interesen, con chat ilimitado',
  'Accedé a todos los perfiles de trabajadores',
  'Soporte prioritario',
];

const SEARCH_SERVICE_TEXT =
  'Hola, quiero que Casa y Manos haga la búsqueda por mí. ¿Me cuentan cómo funciona el servicio de búsqueda?';
const PAYMENT_HELP_TEXT = 'Hola, necesito ayuda para pagar la membresía de Casa y Manos.';

/**
 * Creates the checkout and sends the browser there. Answers the message to show when it cannot.
 */
export async function startCheckout(profileId: number | null | undefined): Promise<string> {
  if (!profileId) return PAYMENT_MESSAGES.noProfile;
  try {
    const { init_point } = await paymentsApi.checkout(profileId);
    if (init_point) {
      window.location.assign(init_point);
      return '';
    }
    return PAYMENT_MESSAGES.createFailed;
  } catch (failure) {
    return errorMessage(failure, PAYMENT_MESSAGES.createFailed);
  }
}

/**
 * 'PAGAR CON MERCADOPAGO': 'PROCESANDO...' until the browser leaves for the checkout, or the reason
 * it could not, above the button. Disabled until the price is known. One request at a time: a
 * second click (or Enter) that lands before React has drawn the disabled button sends nothing.
 */
export function CheckoutButton({ ready }: { ready: boolean }) {
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  async function pay() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    const problem = await startCheckout(user?.profile_id);
    if (problem) {
      setError(problem);
      setBusy(false);
      sending.current = false;
    }
  }
  return (
    <>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--large button--mercadopago"
        onClick={() => void pay()}
        disabled={busy || !ready}
      >
        {busy ? 'PROCESANDO...' : 'PAGAR CON MERCADOPAGO'}
      </button>
    </>
  );
}

/** The price as the modal shows it: the double struck through, the real one and the promo badge. */
export function PromoPrice({ price }: { price: number }) {
  return (
    <p className="promo-price">
      <s className="promo-price__before" aria-label={`Antes ${formatPesos(price * 2)}`}>
        {formatPesos(price * 2)}
      </s>{' '}
      <strong className="promo-price__now">{formatPesos(price)}</strong>{' '}
      <span className="promo-price__badge">{MEMBERSHIP.promoBadge}</span>
    </p>
  );
}

export function useMembershipType(): { type: MembershipType | null; error: string | null } {
  const { data, isError } = useMembershipTypeQuery();
  return { type: data ?? null, error: isError ? PAYMENT_MESSAGES.priceFailed : null };
}

/** 'Información de Membresía': price, benefits, MercadoPago and the other ways to pay. */
export function MembershipModal({
  open,
  onClose,
  pendingTransfer = null,
}: {
  open: boolean;
  onClose: () => void;
  /** The reference of a bank transfer waiting for approval: paying by card says so. */
  pendingTransfer?: string | null;
}) {
  const site = useSiteConfig();
  const { type, error: priceError } = useMembershipType();

  return (
    <Dialog open={open} title="Información de Membresía" onClose={onClose}>
      <div className="membership-modal">
        {priceError && (
          <p className="notice notice--error" role="alert">
            {priceError}
          </p>
        )}
        {!type && !priceError && <p role="status">Cargando...</p>}
        {type && (
          <>
            <p>
              {type.name} por {type.duration_days} días, en un solo pago.
            </p>
            <PromoPrice price={type.price} />
          </>
        )}
        <ul className="benefits">
          {MEMBERSHIP_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        {pendingTransfer && (
          <p className="notice" role="note">
            Tu transferencia <strong>{pendingTransfer}</strong> está pendiente de aprobación. Si pagás con tarjeta, la
            membresía se activa con ese pago; la transferencia sigue pendiente hasta que la revisemos.
          </p>
        )}
        <CheckoutButton ready={type !== null} />
        {!pendingTransfer && (
          <p className="membership-modal__alt">
            ¿Preferís transferir? <Link to={paths.bankTransfer}>Pagá por transferencia bancaria</Link>.
          </p>
        )}
        {site && (
          <p className="membership-modal__alt">
            <a href={whatsappLink(site.whatsapp_number, SEARCH_SERVICE_TEXT)} target="_blank" rel="noreferrer">
              ¿Preferís que busquemos por vos? Escribinos por WhatsApp
            </a>
            {' · '}
            <a href={whatsappLink(site.whatsapp_number, PAYMENT_HELP_TEXT)} target="_blank" rel="noreferrer">
              Ayuda con el pago
            </a>
          </p>
        )}
      </div>
    </Dialog>
  );
}
