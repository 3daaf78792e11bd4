import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { WebhookSignatureValidator } from 'mercadopago';
import { CurrentUser, ProfileTypes, Public, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MembershipCreatedDto } from '../memberships/dto/memberships.dto';
import { MEMBERSHIP_ERRORS } from '../memberships/memberships.errors';
import { PARENT_ACCESS_ERRORS } from '../parent-profile/parent-profile.errors';
import { CreatePreferenceBodyDto, PreferenceDto, WebhookAnswerDto } from './dto/payments.dto';
import { PAYMENT_ERRORS } from './payments.errors';
import { PaymentsService } from './payments.service';

/** How far a notification's signed `ts` may be from our clock, either way. */
export const WEBHOOK_MAX_SKEW_MS = 10 * 60_000;

/**
 * The `ts` of an x-signature (`ts=…,v1=…`) is within WEBHOOK_MAX_SKEW_MS of `now`. MercadoPago
 * has sent it in seconds and in milliseconds; a value past 10^12 is taken as milliseconds.
 */
export function isFreshTimestamp(signature: unknown, now: number): boolean {
  if (typeof signature !== 'string') return false;
  const match = /(?:^|,)\s*ts=(\d{1,16})\s*(?:,|$)/.exec(signature);
  if (!match) return false;
  const value = Number(match[1]);
  const ms = value > 1e12 ? value : value * 1000;
  return Math.abs(now - ms) <= WEBHOOK_MAX_SKEW_MS;
}

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('mercadopago/create-preference')
  @ApiOperation({ summary: 'Crear la preferencia de pago de Mercado Pago para la membresía' })
  @HttpCode(200)
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: PreferenceDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    PAYMENT_ERRORS.profileRequired,
    ...PARENT_ACCESS_ERRORS,
    COMMON_ERRORS.rateLimited,
    MEMBERSHIP_ERRORS.noMembershipType,
    PAYMENT_ERRORS.providerUnavailable,
  )
  createPreference(@CurrentUser() user: AuthUser, @Body() body: CreatePreferenceBodyDto): Promise<PreferenceDto> {
    return this.payments.createPreference(user, body.profile_id);
  }

  @Get(':paymentId/status')
  @ApiOperation({ summary: 'Estado de un pago de membresía' })
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: MembershipCreatedDto, description: 'The payment was approved and granted this membership' })
  @ApiErrors(
    PAYMENT_ERRORS.paymentNotFound,
    PAYMENT_ERRORS.mismatch,
    PAYMENT_ERRORS.notApproved,
    COMMON_ERRORS.rateLimited,
    PAYMENT_ERRORS.providerUnavailable,
  )
  status(@CurrentUser() user: AuthUser, @Param('paymentId') paymentId: string): Promise<MembershipCreatedDto> {
    return this.payments.status(user, paymentId);
  }

  /**
   * MercadoPago's notification: the x-signature HMAC (over data.id, x-request-id and ts) is
   * checked, the answer leaves at once, and the payment is fetched and applied afterwards.
   */
  @Post('mercadopago/webhook')
  @ApiOperation({ summary: 'Recibir las notificaciones de pago de Mercado Pago' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookAnswerDto })
  @ApiErrors(PAYMENT_ERRORS.invalidSignature, COMMON_ERRORS.rateLimited)
  async webhook(
    @Req() request: FastifyRequest,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
  ): Promise<WebhookAnswerDto> {
    await this.limiter.consume('payment-webhook', request.ip, { limit: 300, windowMs: 60_000 });
    const secret = this.config.payments.mercadopagoWebhookSecret;
    const dataId = typeof query['data.id'] === 'string' ? query['data.id'] : undefined;
    try {
      if (!secret) throw new Error('no webhook secret configured');
      WebhookSignatureValidator.validate({
        xSignature: request.headers['x-signature'],
        xRequestId: request.headers['x-request-id'],
        dataId,
        secret,
      });
      // A signed notification replayed later is refused: its ts must be within 10 minutes of now.
      if (!isFreshTimestamp(request.headers['x-signature'], Date.now())) throw new Error('stale notification');
    } catch {
      throw PAYMENT_ERRORS.invalidSignature.exception();
    }
    const payload = (typeof body === 'object' && body !== null ? body : {}) as { type?: unknown; action?: unknown };
    const type = typeof query.type === 'string' ? query.type : payload.type;
    if (type === 'payment' && dataId && /^\d{1,18}$/.test(dataId)) await this.payments.syncLater(dataId);
    return { received: true };
  }
}
