import {
  DEFAULT_ZONE_SUPPLEMENT_PERCENT,
  formatDate,
  formatPesosCents,
  parseWageAmount,
  WAGE_ARRANGEMENT_LABELS,
  WAGE_MESSAGES,
  WAGE_SCALE_STATUS_LABELS,
  WAGE_SLOTS,
  wageScaleProblems,
  type FieldErrors,
  type WageArrangement,
  type WageRate,
} from '@cym/common';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorLine, TextAreaField, TextField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { useProfileChoices } from '../../lib/catalog';
import {
  useCreateWageScale,
  useSetServiceCategory,
  useWageRules,
  useWageScales,
  type AdminWageScale,
  type WageRulesAnswer,
} from './api';
import './wages.css';

type Scale = AdminWageScale | WageRulesAnswer['scale'];
type Categories = WageRulesAnswer['categories'];

const slotKey = (category: number, arrangement: WageArrangement) => `${category}.${arrangement}`;
/** A Buenos Aires day (YYYY-MM-DD) as dd/mm/yyyy. */
const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00-03:00`));
const categoryName = (categories: Categories, category: number) =>
  categories.find((c) => c.category === category)?.name ?? `Categoría ${category}`;

/** A scale's nine amounts: one row per category and arrangement; cards on phones (data-label). */
function RatesTable({
  scale,
  categories,
  caption,
}: {
  scale: NonNullable<Scale>;
  categories: Categories;
  caption: string;
}) {
  return (
    <div className="table-scroll">
      <table className="wages-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Categoría</th>
            <th scope="col">Modalidad</th>
            <th scope="col">Por hora</th>
            <th scope="col">Por mes</th>
          </tr>
        </thead>
        <tbody>
          {scale.rates.map((rate) => (
            <tr key={slotKey(rate.category, rate.arrangement)}>
              <th scope="row" data-label="Categoría">
                {rate.category}. {categoryName(categories, rate.category)}
              </th>
              <td data-label="Modalidad">{WAGE_ARRANGEMENT_LABELS[rate.arrangement]}</td>
              <td data-label="Por hora" className="value">
                {formatPesosCents(rate.hourly)}
              </td>
              <td data-label="Por mes" className="value">
                {formatPesosCents(rate.monthly)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function History({ scales, categories }: { scales: AdminWageScale[]; categories: Categories }) {
  return (
    <ul className="wages-history">
      {scales.map((scale) => (
        <li key={scale.id} className="wages-history__item">
          <details>
            <summary>
              <span className="value">Desde {day(scale.effective_from)}</span>{' '}
              <span className={`wages-status wages-status--${scale.status}`}>
                {WAGE_SCALE_STATUS_LABELS[scale.status]}
              </span>
            </summary>
            <p className="wages-history__source">Fuente: {scale.source}</p>
            <p className="wages-history__meta">
              Adicional por zona: {scale.zone_supplement_percent} %. Cargada{' '}
              {scale.created_by ? `por ${scale.created_by}` : 'con el sistema'} el{' '}
              {formatDate(new Date(scale.created_at))}.
            </p>
            <RatesTable scale={scale} categories={categories} caption={`Escala desde ${day(scale.effective_from)}`} />
          </details>
        </li>
      ))}
    </ul>
  );
}

type Amounts = Record<string, { hourly: string; monthly: string }>;

const emptyAmounts = (): Amounts =>
  Object.fromEntries(WAGE_SLOTS.map((s) => [slotKey(s.category, s.arrangement), { hourly: '', monthly: '' }]));

const asText = (amount: number) => amount.toFixed(2).replace('.', ',');

/** 'Nueva escala': the date, the source, the zone supplement and the nine amounts (phone-friendly: one column). */
function NewScaleForm({ categories, inForce }: { categories: Categories; inForce: Scale }) {
  const create = useCreateWageScale();
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [source, setSource] = useState('');
  const [zone, setZone] = useState(String(DEFAULT_ZONE_SUPPLEMENT_PERCENT));
  const [amounts, setAmounts] = useState<Amounts>(emptyAmounts);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [badFields, setBadFields] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState<string | null>(null);

  const setAmount = (key: string, field: 'hourly' | 'monthly', value: string) => {
    setAmounts((current) => ({ ...current, [key]: { ...current[key]!, [field]: value } }));
    setSaved(null);
  };

  function copyInForce() {
    if (!inForce) return;
    const next = emptyAmounts();
    for (const rate of inForce.rates)
      next[slotKey(rate.category, rate.arrangement)] = { hourly: asText(rate.hourly), monthly: asText(rate.monthly) };
    setAmounts(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const bad = new Set<string>();
    const rates: WageRate[] = WAGE_SLOTS.map(({ category, arrangement }) => {
      const key = slotKey(category, arrangement);
      const hourly = parseWageAmount(amounts[key]!.hourly);
      const monthly = parseWageAmount(amounts[key]!.monthly);
      if (hourly === null || hourly <= 0) bad.add(`${key}.hourly`);
      if (monthly === null || monthly <= 0) bad.add(`${key}.monthly`);
      return { category, arrangement, hourly: hourly ?? 0, monthly: monthly ?? 0 };
    });
    const zonePercent = /^\d{1,3}$/.test(zone.trim()) ? Number(zone.trim()) : NaN;
    const body = { effective_from: effectiveFrom, source: source.trim(), zone_supplement_percent: zonePercent, rates };
    const problems = wageScaleProblems(body);
    if (bad.size) problems.rates = [WAGE_MESSAGES.amountInvalid];
    setBadFields(bad);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    create.mutate(body, {
      onSuccess: (scale) => {
        setSaved(`Escala guardada: vigente desde ${day(scale.effective_from)}.`);
        setEffectiveFrom('');
        setSource('');
        setAmounts(emptyAmounts());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(error.errors);
      },
    });
  }

  const failure = create.isError ? errorMessage(create.error, WAGE_MESSAGES.saveFailed) : null;
  const byCategory = [...new Set(WAGE_SLOTS.map((s) => s.category))];

  return (
    <form className="form wages-form" noValidate onSubmit={submit} aria-labelledby="wages-new-title">
      <h2 id="wages-new-title">Nueva escala</h2>
      <p className="wages-hint">
        Cargá la escala que publica la Comisión Nacional de Trabajo en Casas Particulares. La anterior queda en el
        historial; una fecha futura se muestra como «Próxima» hasta ese día.
      </p>
      <TextField
        label="Vigente desde"
        type="date"
        value={effectiveFrom}
        errors={errors.effective_from}
        onChange={(e) => setEffectiveFrom(e.target.value)}
      />
      <TextAreaField
        label="Fuente"
        rows={3}
        maxLength={500}
        value={source}
        hint="Por ejemplo: «Escala CNTCP publicada el 05/01/2026 (El Litoral)»."
        errors={errors.source}
        onChange={(e) => setSource(e.target.value)}
      />
      <TextField
        label="Adicional por zona desfavorable (%)"
        inputMode="numeric"
        value={zone}
        errors={errors.zone_supplement_percent}
        onChange={(e) => setZone(e.target.value)}
      />
      {inForce && (
        <button type="button" className="button button--ghost" onClick={copyInForce}>
          Copiar los valores de la escala vigente
        </button>
      )}
      {byCategory.map((category) => (
        <fieldset key={category} className="wages-form__category">
          <legend>
            {category}. {categoryName(categories, category)}
          </legend>
          {WAGE_SLOTS.filter((s) => s.category === category).map(({ arrangement }) => {
            const key = slotKey(category, arrangement);
            const label = arrangement === 'unica' ? '' : ` ${WAGE_ARRANGEMENT_LABELS[arrangement].toLowerCase()}`;
            return (
              <div key={key} className="wages-form__pair">
                <TextField
                  label={`Por hora${label}`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="Ej.: 3494,25"
                  value={amounts[key]!.hourly}
                  aria-invalid={badFields.has(`${key}.hourly`) || undefined}
                  onChange={(e) => setAmount(key, 'hourly', e.target.value)}
                />
                <TextField
                  label={`Por mes${label}`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="Ej.: 441806,54"
                  value={amounts[key]!.monthly}
                  aria-invalid={badFields.has(`${key}.monthly`) || undefined}
                  onChange={(e) => setAmount(key, 'monthly', e.target.value)}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <ErrorLine message={errors.rates?.[0]} />
      {failure && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {saved && (
        <p className="notice notice--success" role="status">
          {saved}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Guardando…' : 'Guardar escala'}
        </button>
      </div>
    </form>
  );
}

/** Each service's category (admin-editable data): saved as soon as it is chosen. */
function ServiceCategories({ rules }: { rules: WageRulesAnswer }) {
  const choices = useProfileChoices();
  const setCategory = useSetServiceCategory();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const label = (id: number, key: string) => choices.data?.services.find((s) => s.id === id)?.label ?? key;
  const options = [
    ...rules.categories.map((c) => ({ value: c.category, label: `${c.category}. ${c.name}` })),
    { value: 0, label: 'Sin categoría: fuera del régimen (sin mínimo legal)' },
  ];
  return (
    <section className="card wages-section" aria-labelledby="wages-services-title">
      <h2 id="wages-services-title">Categoría de cada servicio</h2>
      <p className="wages-hint">
        Cuando una oferta pide servicios de varias categorías, se toma la mejor paga, como dice la ley. Un servicio sin
        categoría no tiene mínimo legal.
      </p>
      <div className="wages-services">
        {rules.services.map((service) => (
          <SelectField
            key={service.service_id}
            label={label(service.service_id, service.key)}
            placeholder="Elegí una categoría"
            value={service.category ?? 0}
            options={options}
            disabled={setCategory.isPending}
            onChange={(value) => {
              setMessage(null);
              setCategory.mutate(
                { serviceId: service.service_id, category: value ? value : null },
                {
                  onSuccess: () =>
                    setMessage({ ok: true, text: `Guardado: ${label(service.service_id, service.key)}.` }),
                  onError: (error) => setMessage({ ok: false, text: errorMessage(error, WAGE_MESSAGES.mappingFailed) }),
                },
              );
            }}
          />
        ))}
      </div>
      {message && (
        <p
          className={`notice ${message.ok ? 'notice--success' : 'notice--error'}`}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}

/**
 * /admin/salarios: the legal minimum wage of household workers. The scale in force, the next one,
 * the history, a new scale and each service's category.
 */
export default function AdminWagesPage() {
  const rules = useWageRules();
  const scales = useWageScales();
  const categories = rules.data?.categories ?? [];
  const failed = rules.error ?? scales.error;

  return (
    <div className="wages-page">
      <h1 className="wages-page__title">Salarios mínimos de casas particulares</h1>
      <p className="wages-hint">
        Las demás cifras del régimen (horas, aportes, período de prueba, vacaciones, preavisos) están en{' '}
        <Link to={paths.admin.laborParameters}>Parámetros laborales</Link>.
      </p>
      {failed && (
        <p className="notice notice--error" role="alert">
          {errorMessage(failed, WAGE_MESSAGES.loadFailed)}
        </p>
      )}
      {(rules.isPending || scales.isPending) && !failed && <p role="status">Cargando…</p>}
      {rules.data && (
        <section className="card wages-section" aria-labelledby="wages-current-title">
          <h2 id="wages-current-title">Escala vigente</h2>
          {rules.data.scale ? (
            <>
              <p className="wages-hint">
                <span className="value">Desde {day(rules.data.scale.effective_from)}</span>. Fuente:{' '}
                {rules.data.scale.source}
              </p>
              <RatesTable scale={rules.data.scale} categories={categories} caption="Escala vigente" />
              <p className="wages-hint">
                En La Pampa, Río Negro, Chubut, Neuquén, Santa Cruz, Tierra del Fuego y el partido de Patagones se suma
                el {rules.data.scale.zone_supplement_percent} % por zona desfavorable. {WAGE_MESSAGES.seniority}
              </p>
            </>
          ) : (
            <p>Todavía no hay una escala vigente.</p>
          )}
          {rules.data.next && (
            <p className="notice wages-next">
              Próxima: desde <span className="value">{day(rules.data.next.effective_from)}</span>.
            </p>
          )}
        </section>
      )}
      {scales.data && (
        <section className="card wages-section" aria-labelledby="wages-history-title">
          <h2 id="wages-history-title">Historial</h2>
          <History scales={scales.data} categories={categories} />
        </section>
      )}
      {rules.data && (
        <section className="card wages-section">
          <NewScaleForm categories={categories} inForce={rules.data.scale} />
        </section>
      )}
      {rules.data && <ServiceCategories rules={rules.data} />}
    </div>
  );
}
