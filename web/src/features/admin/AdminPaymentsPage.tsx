import { ADMIN_MESSAGES, formatDate, formatPesos } from '@cym/common';
import { useId, useState } from 'react';
import { adminApi, adminKeys, type AdminPayment } from './api';
import { AdminListView, AdminSearch, useSearchList } from './AdminList';
import { PriceModal } from './PriceModal';
import './admin.css';

const STATUS_LABELS: Record<AdminPayment['status'], string> = {
  approved: 'Aprobado',
  pending: 'Pendiente',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  // A card checkout nobody completed within 24 hours: never counted as pending.
  expired: 'Vencido',
};

/** /admin/payments, 'Pagos': payments searched by employer or transaction id, and the price. */
export default function AdminPaymentsPage() {
  const list = useSearchList(adminKeys.list('payments'), adminApi.payments);
  const searchId = useId();
  const [priceOpen, setPriceOpen] = useState(false);
  const [savedPrice, setSavedPrice] = useState<number | null>(null);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{ADMIN_MESSAGES.paymentsTitle}</h1>
      <div className="admin-toolbar" role="search">
        <AdminSearch
          id={searchId}
          label="Buscar por empleador o ID de transacción"
          placeholder="Empleador o ID de transacción"
          value={list.text}
          onChange={list.setText}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setSavedPrice(null);
            setPriceOpen(true);
          }}
        >
          Valor membresía
        </button>
      </div>
      {/* One polite live region from the start, whose text changes. */}
      <p
        className={
          savedPrice !== null ? 'admin-live notice notice--success admin-notice' : 'admin-live visually-hidden'
        }
        role="status"
      >
        {savedPrice !== null && (
          <>
            Nuevo valor de la membresía: <strong>{formatPesos(savedPrice)}</strong>
          </>
        )}
      </p>
      <AdminListView
        list={list}
        loadFailed={ADMIN_MESSAGES.paymentsLoadFailed}
        emptyText={ADMIN_MESSAGES.noPayments}
        countLabel={(count) => (count === 1 ? '1 pago' : `${count} pagos`)}
        tableLabel="Tabla de pagos"
      >
        {(rows) => (
          <>
            <thead>
              <tr>
                <th scope="col" className="admin-table__name">
                  Empleador
                </th>
                <th scope="col">Fecha</th>
                <th scope="col">ID de transacción</th>
                <th scope="col">Medio de pago</th>
                <th scope="col" className="admin-table__number">
                  Monto
                </th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payment) => (
                <tr key={payment.id}>
                  <th scope="row" className="admin-table__name">
                    {payment.user.full_name}
                  </th>
                  <td data-label="Fecha">{formatDate(new Date(payment.timestamp))}</td>
                  <td className="admin-table__code" data-label="ID de transacción">
                    {payment.transaction_id ?? ADMIN_MESSAGES.notAvailable}
                  </td>
                  <td data-label="Medio de pago">{payment.payment_method_display}</td>
                  <td className="admin-table__number" data-label="Monto">
                    {formatPesos(payment.amount)}
                  </td>
                  <td data-label="Estado">
                    <span className={`admin-badge admin-badge--${payment.status}`}>
                      {STATUS_LABELS[payment.status] ?? payment.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </AdminListView>
      <PriceModal open={priceOpen} onClose={() => setPriceOpen(false)} onSaved={setSavedPrice} />
    </div>
  );
}
