import { formatDateTime, formatIsoDate, formatPesosCents, LABOR_DISCLAIMER, PRODUCT_NAME } from '@cym/common';
import PDFDocument from 'pdfkit';
import type { PayslipDto, SettlementDto } from './dto/hires.dto';

/** What both documents say about the parties and the job. */
export interface PdfParties {
  employer: string;
  employerCuit: string | null;
  workAddress: string | null;
  worker: string;
  workerCuil: string | null;
  startDate: string;
  category: string;
  arrangement: string;
  weeklyHours: number;
  payBasis: string;
  place: string;
}

interface PdfLine {
  label: string;
  formula: string;
  amount: number;
}

interface PdfSource {
  label: string;
  effective_from: string;
  source: string;
  unconfirmed: boolean;
}

const MISSING = 'sin cargar';
const day = formatIsoDate;
/** A moment as dd/mm/yyyy HH:mm in Buenos Aires (the year whole, as on the screens). */
const stamp = (iso: string) => formatDateTime(new Date(iso));

const MARGIN = 48;
const GREY = '#5b6472';
const INK = '#1f2937';

/**
 * Draws a document: a title, the parties and the job, the lines with their formulas, the totals,
 * what happened to it, and the sources with the disclaimer. pdfkit's standard Helvetica covers
 * Spanish (WinAnsi); nothing the user typed is interpreted, only written as text.
 */
function render(
  title: string,
  subtitle: string,
  parties: PdfParties,
  lines: PdfLine[],
  totals: [string, number][],
  notes: string[],
  sources: PdfSource[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} · ${subtitle}`, Author: PRODUCT_NAME, Subject: title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  doc.fillColor('#0f766e').font('Helvetica-Bold').fontSize(18).text(title);
  doc.fillColor(INK).font('Helvetica').fontSize(12).text(subtitle);
  doc.moveDown(0.8);

  const half = width / 2 - 8;
  const pair = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(label.toUpperCase(), MARGIN, doc.y, { width: half });
    doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(value, MARGIN, doc.y, { width: half });
    doc.moveDown(0.3);
  };
  const top = doc.y;
  pair('Empleador', parties.employer);
  pair('CUIT/CUIL del empleador', parties.employerCuit ?? MISSING);
  pair('Lugar de trabajo', parties.workAddress ? `${parties.workAddress} (${parties.place})` : parties.place);
  const leftEnd = doc.y;
  doc.y = top;
  const column = MARGIN + width / 2 + 8;
  const right = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(label.toUpperCase(), column, doc.y, { width: half });
    doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(value, column, doc.y, { width: half });
    doc.moveDown(0.3);
  };
  right('Trabajadora', parties.worker);
  right('CUIL', parties.workerCuil ?? MISSING);
  right('Fecha de ingreso', day(parties.startDate));
  doc.y = Math.max(leftEnd, doc.y);
  doc.x = MARGIN;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(
      `Categoría ${parties.category} · ${parties.arrangement} · ${String(parties.weeklyHours).replace('.', ',')} h semanales · Liquidación: ${parties.payBasis}`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.moveDown(0.8);

  // The lines: concept and formula on the left, the amount on the right.
  const amountWidth = 110;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor('#d1d5db')
    .stroke();
  doc.moveDown(0.4);
  for (const line of lines) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(line.label, MARGIN, y, { width: width - amountWidth });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(line.formula, MARGIN, doc.y, { width: width - amountWidth });
    const after = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(INK)
      .text(formatPesosCents(line.amount), MARGIN + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = MARGIN;
    doc.moveDown(0.5);
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor('#d1d5db')
    .stroke();
  doc.moveDown(0.4);
  for (const [label, amount] of totals) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(label, MARGIN, y, { width: width - amountWidth });
    doc.text(formatPesosCents(amount), MARGIN + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.x = MARGIN;
    doc.moveDown(0.3);
  }
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const note of notes) doc.text(note, MARGIN, doc.y, { width });
  doc.moveDown(0.8);

  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text('FUENTES', MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  // A little air between sources: each one runs over two or three lines.
  for (const s of sources)
    doc
      .text(
        `${s.label} (desde el ${day(s.effective_from)})${s.unconfirmed ? ' — dato sin confirmar' : ''}: ${s.source}`,
        MARGIN,
        doc.y,
        { width },
      )
      .moveDown(0.3);
  doc.moveDown(0.6);
  doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(GREY).text(`${LABOR_DISCLAIMER}.`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}

function sourceRows(
  sources: { key: string; effective_from: string; source: string; unconfirmed: boolean }[],
  labels: (key: string) => string,
): PdfSource[] {
  return sources.map((s) => ({
    label: labels(s.key),
    effective_from: s.effective_from,
    source: s.source,
    unconfirmed: s.unconfirmed,
  }));
}

/** A confirmed payslip: parties, period, category, hours, each item, gross, net and the payment date. */
export function payslipPdf(parties: PdfParties, p: PayslipDto, labels: (key: string) => string): Promise<Buffer> {
  const notes = [
    `Pagado el ${p.paid_on ? day(p.paid_on) : MISSING}. Confirmado por el empleador el ${p.confirmed_at ? stamp(p.confirmed_at) : MISSING}.`,
    p.acknowledged_at
      ? `Recibí conforme: la trabajadora dio conformidad el ${stamp(p.acknowledged_at)}.`
      : 'La trabajadora todavía no dio conformidad.',
    `Horas del mes: ${String(p.monthly_hours).replace('.', ',')} (${String(p.weekly_hours).replace('.', ',')} h semanales); días pagados: ${p.days_paid} de ${p.days_in_month}.`,
    'Desde la Ley 27.802 el recibo oficial se emite por el sistema de ARCA; este documento detalla el cálculo.',
    p.scale_source,
  ];
  return render(
    'Recibo de sueldo',
    `Período: ${p.period_label}`,
    parties,
    p.lines,
    [
      ['Total remunerativo (bruto)', p.gross],
      ['No remunerativo', p.non_remunerative],
      ['Descuentos', p.deductions],
      ['Neto a cobrar', p.net],
    ],
    notes,
    sourceRows(p.sources, labels),
  );
}

/** The final settlement, line by line with formulas and sources. */
export function settlementPdf(parties: PdfParties, s: SettlementDto, labels: (key: string) => string): Promise<Buffer> {
  return render(
    'Liquidación final',
    `${s.cause_label} · último día trabajado: ${day(s.end_date)}`,
    parties,
    s.lines,
    [['Total a pagar', s.total]],
    [
      s.cause === 'despido_sin_causa'
        ? s.notice_given
          ? 'El empleador informó que dio el preaviso en término.'
          : 'Sin preaviso en término: se pagan la indemnización sustitutiva y la integración del mes.'
        : 'Sin preaviso, integración ni indemnización por antigüedad: no corresponden a este motivo.',
    ],
    sourceRows(s.sources, labels),
  );
}
