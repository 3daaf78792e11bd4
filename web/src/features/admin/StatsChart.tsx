import { useEffect, useId, useRef, useState } from 'react';
import type { StatsPoint } from './api';

const HEIGHT = 240;
const MARGIN = { top: 14, right: 12, bottom: 30, left: 40 };
const SIGNUPS_LABEL = 'Altas de usuarios';
const PAYMENTS_LABEL = 'Pagos aprobados';

const numberFormat = new Intl.NumberFormat('es-AR');

/** '2026-11-23' → '23/11' (the server already answers days in Buenos Aires time). */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

/** A round step (1, 2, 5 × 10ⁿ, at least 1) that splits 0..max into about four parts. */
function niceStep(max: number): number {
  const rough = Math.max(max / 4, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return Math.max(1, Math.round(step));
}

/** The chart's width follows its box, so one unit of the viewBox is one CSS pixel and text keeps its size. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(260, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The last 30 days of sign-ups (bars) and approved payments (line) in plain SVG: axes, a legend,
 * a title and description for assistive technology, and the same numbers in a table that only
 * screen readers see.
 */
export function StatsChart({ daily }: { daily: StatsPoint[] }) {
  const { ref, width } = useWidth(720);
  const titleId = useId();
  const descId = useId();
  const n = daily.length;
  const totalSignups = daily.reduce((sum, d) => sum + d.signups, 0);
  const totalPayments = daily.reduce((sum, d) => sum + d.payments, 0);
  const max = Math.max(0, ...daily.map((d) => Math.max(d.signups, d.payments)));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);

  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = n > 0 ? plotWidth / n : plotWidth;
  const barWidth = Math.max(2, band * 0.62);
  const x = (i: number) => MARGIN.left + band * i + band / 2;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  // About one date label per 56 px, always the last day.
  const every = Math.max(1, Math.ceil(56 / band));
  const labelled = (i: number) => (n - 1 - i) % every === 0;
  const line = daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.payments).toFixed(1)}`).join(' ');
  const first = daily[0];
  const last = daily[n - 1];
  const range = first && last ? `del ${shortDay(first.date)} al ${shortDay(last.date)}` : '';

  return (
    <figure className="stats-chart">
      <figcaption className="stats-chart__caption">
        <h2 className="stats-chart__title">Últimos 30 días</h2>
        <ul className="stats-chart__legend">
          <li>
            <span className="stats-chart__swatch stats-chart__swatch--signups" aria-hidden="true" />
            {SIGNUPS_LABEL}: <strong>{numberFormat.format(totalSignups)}</strong>
          </li>
          <li>
            <span className="stats-chart__swatch stats-chart__swatch--payments" aria-hidden="true" />
            {PAYMENTS_LABEL}: <strong>{numberFormat.format(totalPayments)}</strong>
          </li>
        </ul>
      </figcaption>
      <div ref={ref} className="stats-chart__frame">
        <svg
          className="stats-chart__svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={titleId}>
            {SIGNUPS_LABEL} y {PAYMENTS_LABEL.toLowerCase()} por día, últimos 30 días
          </title>
          <desc id={descId}>
            {`Barras: altas de usuarios; línea: pagos aprobados, ${range}. En total ${totalSignups} altas y ${totalPayments} pagos aprobados. La tabla que sigue tiene los números de cada día.`}
          </desc>
          <g className="stats-chart__grid">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} />
                <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                  {numberFormat.format(t)}
                </text>
              </g>
            ))}
          </g>
          <g className="stats-chart__bars">
            {daily.map((d, i) => (
              <rect
                key={d.date}
                x={x(i) - barWidth / 2}
                y={y(d.signups)}
                width={barWidth}
                height={Math.max(0, MARGIN.top + plotHeight - y(d.signups))}
                rx={Math.min(2, barWidth / 4)}
              >
                <title>{`${shortDay(d.date)}: ${d.signups} altas, ${d.payments} pagos aprobados`}</title>
              </rect>
            ))}
          </g>
          {n > 0 && (
            <g className="stats-chart__line">
              <path d={line} />
              {daily.map((d, i) => (
                <circle key={d.date} cx={x(i)} cy={y(d.payments)} r={band < 12 ? 2.5 : 3.5}>
                  <title>{`${shortDay(d.date)}: ${d.payments} pagos aprobados`}</title>
                </circle>
              ))}
            </g>
          )}
          <g className="stats-chart__axis">
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={MARGIN.top + plotHeight}
              y2={MARGIN.top + plotHeight}
            />
            {daily.map((d, i) =>
              labelled(i) ? (
                <text key={d.date} x={x(i)} y={HEIGHT - 10} textAnchor="middle">
                  {shortDay(d.date)}
                </text>
              ) : null,
            )}
          </g>
        </svg>
      </div>
      {/* A table ignores a 1 px width: the hidden box around it clips it. */}
      <div className="visually-hidden">
        <table>
          <caption>
            {SIGNUPS_LABEL} y {PAYMENTS_LABEL.toLowerCase()} por día, {range}
          </caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">{SIGNUPS_LABEL}</th>
              <th scope="col">{PAYMENTS_LABEL}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{shortDay(d.date)}</th>
                <td>{d.signups}</td>
                <td>{d.payments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
