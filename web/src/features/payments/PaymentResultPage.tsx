import { MEMBERSHIP, PAYMENT_MESSAGES } from '@cym/common';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api/client';
import { useSession } from '../../lib/session';
import './payments.css';

type Outcome = 'success' | 'failure' | 'pending';
type View = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server about the payment the checkout reported (spec 03 §4): any JSON answer is a
 * granted membership; 404 means the provider does not know it yet, so it asks again every 5 s,
 * up to 6 times.
 */
async function verify(paymentId: string, cancelled: () => boolean): Promise<View> {
  for (let attempt = 0; attempt <= MEMBERSHIP.statusRetries; attempt += 1) {
    if (attempt > 0) await wait(MEMBERSHIP.statusRetryMs);
    if (cancelled()) return { kind: 'verifying' };
    try {
      const { data, response } = await api.GET('/api/payments/{paymentId}/status', {
        params: { path: { paymentId } },
      });
      if (response.status === 404) continue;
      if (data && Object.keys(data).length > 0) return { kind: 'success' };
      return { kind: 'error', message: PAYMENT_MESSAGES.verifyFailed };
    } catch {
      return { kind: 'error', message: PAYMENT_MESSAGES.verifyFailed };
    }
  }
  return { kind: 'error', message: PAYMENT_MESSAGES.verifyFailed };
}

/** /payment/success, /payment/failure and /payment/pending: where the checkout sends the person back. */
export default function PaymentResultPage() {
  const { pathname } = useLocation();
  const outcome: Outcome = pathname.startsWith(paths.paymentFailure)
    ? 'failure'
    : pathname.startsWith(paths.paymentPending)
      ? 'pending'
      : 'success';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const status = params.get('status') ?? params.get('collection_status');
  const paymentId = params.get('payment_id') ?? params.get('collection_id');
  const [view, setView] = useState<View>({ kind: 'verifying' });

  useEffect(() => {
    if (outcome !== 'success') return;
    if (status === 'pending' || status === 'in_process') {
      void navigate(`${paths.paymentPending}?${params.toString()}`, { replace: true });
      return;
    }
    if (status !== 'approved' || !paymentId || paymentId === 'null') {
      setView({ kind: 'error', message: PAYMENT_MESSAGES.notCompleted });
      return;
    }
    let cancelled = false;
    void verify(paymentId, () => cancelled).then(async (result) => {
      if (cancelled) return;
      // The session's membership_status changes with the grant: ask for fresh tokens now.
      if (result.kind === 'success') await refresh();
      setView(result);
    });
    return () => {
      cancelled = true;
    };
  }, [outcome, status, paymentId, params, navigate, refresh]);

  if (outcome === 'failure')
    return (
      <Result title="Pago Cancelado">
        <p className="notice notice--error" role="alert">
          {PAYMENT_MESSAGES.notCompleted}
        </p>
        <p>No se realizó ningún cargo. Podés intentarlo de nuevo o elegir otro medio de pago.</p>
        <div className="actions-row">
          <Link to={paths.memberships} className="button">
            Intentar de nuevo
          </Link>
          <Link to={paths.userAccount} className="button button--secondary">
            Ir a mi perfil
          </Link>
        </div>
      </Result>
    );

  if (outcome === 'pending')
    return (
      <Result title="Pago Pendiente">
        <p>
          Tu pago está en proceso. Cuando se acredite te va a llegar un correo electrónico y la membresía se activa
          automáticamente; no hace falta que hagas nada más.
        </p>
        <Link to={paths.userAccount} className="button">
          Ir a mi perfil
        </Link>
      </Result>
    );

  if (view.kind === 'verifying')
    return (
      <Result title="Verificando tu pago">
        <p className="verifying" role="status">
          <span className="spinner" aria-hidden="true" /> Estamos confirmando el pago con MercadoPago...
        </p>
      </Result>
    );

  if (view.kind === 'error')
    return (
      <Result title="No pudimos confirmar el pago">
        <p className="notice notice--error" role="alert">
          {view.message}
        </p>
        <div className="actions-row">
          <Link to={paths.userAccount} className="button">
            Ir a mi perfil
          </Link>
          <Link to={paths.contact} className="button button--secondary">
            Contactar soporte
          </Link>
        </div>
      </Result>
    );

  return (
    <Result title="Pago Exitoso">
      <p className="notice notice--success" role="status">
        ¡Listo! Tu membresía está activa.
      </p>
      <ul className="benefits">
        <li>Tus ofertas laborales ya se pueden ver</li>
        <li>Chateá con las personas candidatas</li>
        <li>Soporte prioritario</li>
      </ul>
      <Link to={paths.userAccount} className="button button--large">
        Ir a mi perfil
      </Link>
    </Result>
  );
}

function Result({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container narrow payment-result">
      <section className="card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
