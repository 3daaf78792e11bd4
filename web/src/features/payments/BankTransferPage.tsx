import { formatDate, formatPesos } from '@cym/common';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api/errors';
import { useBankDetails, useMembershipTypeQuery, useRequestBankTransfer } from '../employer';
import { PageHero } from '../../components/PageHero';
import './payments.css';

/**
 * /membership-type/bank-transfer/payment: the bank details and the price, 'Confirmar' registers the
 * request (a pending payment), then the summary of what was requested.
 */
export default function BankTransferPage() {
  const { user } = useSession();
  const typeQuery = useMembershipTypeQuery();
  const bankQuery = useBankDetails();
  const request = useRequestBankTransfer();
  const [refused, setRefused] = useState<string | null>(null);
  const type = typeQuery.data;
  const bank = bankQuery.data;
  const loadFailure = typeQuery.error ?? bankQuery.error;
  const loadError = loadFailure ? errorMessage(loadFailure, 'Error al cargar los datos.') : null;
  const busy = request.isPending;
  const result = request.data;
  const error =
    refused ??
    (request.isError ? errorMessage(request.error, 'No pudimos registrar tu pedido. Intentá nuevamente.') : null);

  function confirm() {
    if (!type) return;
    if (!user?.profile_id || user.profile_type !== 'Parent') {
      setRefused('La membresía es para cuentas de empleador.');
      return;
    }
    setRefused(null);
    request.mutate({ profileId: user.profile_id, type });
  }

  if (result)
    return (
      <>
        <PageHero title="Pedido registrado" />
        <div className="container narrow">
          <section className="card" aria-labelledby="summary-title">
            <h2 id="summary-title">Resumen de tu membresía</h2>
            <dl className="details">
              <dt>Membresía</dt>
              <dd>{result.membership_type}</dd>
              <dt>Fecha de inicio</dt>
              <dd className="value">{formatDate(new Date(result.membership_start_date))}</dd>
              <dt>Fecha de fin</dt>
              <dd className="value">{formatDate(new Date(result.membership_end_date))}</dd>
              <dt>Monto</dt>
              <dd className="value">{formatPesos(result.payment_amount)}</dd>
              {result.transaction_id && (
                <>
                  <dt>Referencia de la transferencia</dt>
                  <dd className="value">
                    <strong>{result.transaction_id}</strong>
                  </dd>
                </>
              )}
            </dl>
            <p className="notice notice--success" role="status">
              Tu membresía se activa cuando recibimos el dinero; las fechas se cuentan desde ese día. Te enviamos los
              datos de la cuenta y el detalle por correo electrónico.
            </p>
            <div className="actions-row">
              <Link to={paths.userAccount} className="button">
                Ver mi cuenta
              </Link>
              <Link to={paths.home} className="button button--secondary">
                Volver a inicio
              </Link>
            </div>
          </section>
        </div>
      </>
    );

  return (
    <>
      <PageHero title="Pago por transferencia bancaria" />
      <div className="container narrow">
        <section className="card" aria-labelledby="bank-title">
          <h2 id="bank-title">Datos para transferir</h2>
          {loadError && (
            <p className="notice notice--error" role="alert">
              {loadError}
            </p>
          )}
          {bank && (
            <dl className="details">
              <dt>Banco</dt>
              <dd>{bank.name}</dd>
              <dt>Titular</dt>
              <dd>
                {bank.holder} (CUIT {bank.cuit})
              </dd>
              <dt>Alias</dt>
              <dd className="value">
                <strong>{bank.alias}</strong>
              </dd>
              <dt>CBU / CVU</dt>
              <dd className="bank-account value">{bank.account}</dd>
            </dl>
          )}
          <p className="bank-price">
            Monto a transferir: <strong className="value">{type ? formatPesos(type.price) : 'Cargando...'}</strong>
          </p>
          <ol className="steps-list">
            <li>Tocá «Confirmar» para registrar tu pedido: te damos una referencia.</li>
            <li>Hacé la transferencia desde tu banco o billetera y escribí la referencia en el concepto.</li>
            <li>Cuando recibimos el dinero activamos tu membresía y te avisamos por correo.</li>
          </ol>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <div className="actions-row">
            <button type="button" className="button" disabled={busy || !type} onClick={confirm}>
              {busy ? 'Procesando...' : 'Confirmar'}
            </button>
            <Link to={paths.memberships} className="button button--secondary">
              Volver atrás
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
