import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { NotificationPreferencesDto, PushEndpointDto, PushKeyDto, PushSubscriptionBodyDto } from './dto/push.dto';
import { PUSH_ERRORS } from './push.errors';
import { PushService } from './push.service';

@ApiTags('push')
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Get('push/key')
  @ApiOperation({ summary: 'Clave pública VAPID para suscribirse a las notificaciones push' })
  @Public()
  @ApiOkResponse({ type: PushKeyDto })
  key(): PushKeyDto {
    return { public_key: this.push.publicKey() };
  }

  @Post('push/subscriptions')
  @ApiOperation({ summary: 'Registrar la suscripción push de este navegador' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: "Stored (or moved to the caller's account)" })
  @ApiErrors(
    COMMON_ERRORS.validation,
    PUSH_ERRORS.invalidSubscription,
    PUSH_ERRORS.insecureEndpoint,
    PUSH_ERRORS.unknownService,
    PUSH_ERRORS.unavailable,
    COMMON_ERRORS.rateLimited,
  )
  async subscribe(
    @CurrentUser() user: AuthUser,
    @Body() body: PushSubscriptionBodyDto,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.push.subscribe(user.id, body, request.headers['user-agent']);
  }

  @Delete('push/subscriptions')
  @ApiOperation({ summary: 'Dar de baja la suscripción push de este navegador' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: "Forgotten when it was the caller's" })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.rateLimited)
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() body: PushEndpointDto): Promise<void> {
    await this.push.unsubscribe(user.id, body.endpoint);
  }

  @Get('user/notification-preferences')
  @ApiOperation({ summary: 'Leer qué avisos recibe el usuario (push y correo)' })
  @Auth()
  @ApiOkResponse({ type: NotificationPreferencesDto })
  preferences(@CurrentUser() user: AuthUser): Promise<NotificationPreferencesDto> {
    return this.push.preferencesOf(user.id);
  }

  @Put('user/notification-preferences')
  @ApiOperation({ summary: 'Cambiar qué avisos recibe el usuario (push y correo)' })
  @Auth()
  @ApiOkResponse({ type: NotificationPreferencesDto })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.rateLimited)
  setPreferences(
    @CurrentUser() user: AuthUser,
    @Body() body: NotificationPreferencesDto,
  ): Promise<NotificationPreferencesDto> {
    return this.push.setPreferences(user.id, {
      message: { email: body.message.email, push: body.message.push },
      alert: { email: body.alert.email, push: body.alert.push },
    });
  }
}
