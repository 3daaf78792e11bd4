import { Body, Controller, Get, Header, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { formatPesos, PRODUCT_NAME } from '@cym/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access/auth.decorators';
import { PaymentProvider } from './providers/payment-provider';
import { type SandboxPreferenceRow } from './payments.repository';
import { SandboxAction, SandboxProvider } from './providers/sandbox.provider';
import { PAYMENT_ERRORS } from './payments.errors';
import { PaymentsService } from './payments.service';
import { escapeHtml } from '../../common/html';

const ACTIONS: SandboxAction[] = ['approve', 'reject', 'pending', 'cancel'];

function page(preference: SandboxPreferenceRow): string {
  const action = `/api/payments/sandbox/checkout/${preference.id}/`;
  const button = (value: SandboxAction, label: string, style: string) =>
    `<button name="action" value="${value}" style="${style}">${label}</button>`;
  const base =
    'display:block;width:100%;min-height:48px;margin:0 0 12px;border-radius:8px;font-size:16px;font-weight:bold;cursor:pointer;';
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout de prueba · ${escapeHtml(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:16px;background:#eef1f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<main style="max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;padding:10px 12px;background:#fff7d6;border-radius:8px;font-size:14px">
<strong>Modo de prueba.</strong> Este checkout reemplaza a MercadoPago mientras el sitio no tiene credenciales: no se cobra dinero real.</p>
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(preference.title)}</h1>
<p style="font-size:28px;font-weight:bold;margin:0 0 24px">${escapeHtml(formatPesos(preference.amount))}</p>
<form method="post" action="${action}">
${button('approve', 'Aprobar pago', `${base}background:#009ee3;color:#fff;border:0`)}
${button('reject', 'Rechazar pago', `${base}background:#fff;color:#b42318;border:2px solid #b42318`)}
${button('pending', 'Dejar pendiente', `${base}background:#fff;color:#1f2937;border:2px solid #9aa3af`)}
${button('cancel', 'Cancelar y volver al sitio', `${base}background:none;color:#1f2937;border:0;text-decoration:underline;font-weight:normal`)}
</form>
</main></body></html>`;
}

/**
 * The sandbox provider's checkout page, served by the app when no MercadoPago credentials are
 * set. It answers 404 when the real provider is configured.
 */
@ApiExcludeController()
@Public()
@Controller('payments/sandbox/checkout/:preferenceId')
export class SandboxCheckoutController {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
  ) {}

  private async preference(id: string): Promise<{ sandbox: SandboxProvider; preference: SandboxPreferenceRow }> {
    const sandbox = this.provider instanceof SandboxProvider ? this.provider : null;
    const preference = sandbox ? await sandbox.preference(id) : null;
    if (!sandbox || !preference) throw PAYMENT_ERRORS.checkoutNotFound.exception();
    // Like MercadoPago's expiration_date_to: a checkout 24 hours old takes no payment ('Vencido').
    if (await this.payments.checkoutExpired(preference.external_reference))
      throw PAYMENT_ERRORS.checkoutExpired.exception();
    return { sandbox, preference };
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async show(@Param('preferenceId') id: string): Promise<string> {
    return page((await this.preference(id)).preference);
  }

  @Post()
  async act(
    @Param('preferenceId') id: string,
    @Body() body: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { sandbox, preference } = await this.preference(id);
    const action = ACTIONS.find((a) => a === body?.action);
    if (!action) throw PAYMENT_ERRORS.invalidAction.exception();
    const { paymentId, redirect } = await sandbox.act(preference, action);
    // Like MercadoPago's notification: the payment is applied whether or not the person returns.
    if (paymentId) await this.payments.syncLater(paymentId);
    await reply.status(303).header('Location', redirect).send();
  }
}
