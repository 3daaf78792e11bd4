import { Body, Controller, Get, HttpCode, Inject, Ip, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, CurrentUser, Public, type AuthUser } from './access/auth.decorators';
import { bearerToken } from './access/bearer-token';
import { UserAgent } from './access/user-agent.decorator';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AUTH_ERRORS } from './auth.errors';
import { AuthService } from './auth.service';
import { assertCsrf, csrfCookie, newCsrfToken } from './csrf';
import {
  CsrfDto,
  EmailDto,
  EnrolledSessionDto,
  LoginDto,
  NewPasswordDto,
  RefreshDto,
  SecondFactorChallengeDto,
  SecondFactorCodeDto,
  SecondFactorEnrolmentDto,
  SecondFactorTokenDto,
  SessionDto,
  SignUpDto,
  SuccessMessageDto,
  VerifiedSessionDto,
} from './dto/auth.dto';
import { SessionTokensService } from './session-tokens.service';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly tokens: SessionTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('sign-up')
  @ApiOperation({ summary: 'Crear una cuenta de trabajadora o de empleador' })
  @Public()
  @HttpCode(201)
  @ApiCreatedResponse({ type: SuccessMessageDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    AUTH_ERRORS.badProfileType,
    AUTH_ERRORS.alreadyAuthenticated,
    AUTH_ERRORS.emailTaken,
    COMMON_ERRORS.rateLimited,
    AUTH_ERRORS.passwordsBusy,
  )
  signUp(@Body() form: SignUpDto, @Ip() ip: string, @Req() request: FastifyRequest): Promise<SuccessMessageDto> {
    return this.auth.signUp(form, ip, this.signedIn(request));
  }

  @Get('verify-email/:uidb64/:token')
  @ApiOperation({ summary: 'Verificar el correo electrónico con el enlace enviado' })
  @Public()
  @ApiOkResponse({ type: VerifiedSessionDto })
  @ApiErrors(AUTH_ERRORS.verifyLinkInvalid, AUTH_ERRORS.alreadyVerified)
  verifyEmail(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @UserAgent() userAgent: string | undefined,
  ): Promise<VerifiedSessionDto> {
    return this.auth.verifyEmail(uidb64, token, userAgent);
  }

  @Post('resend-verification')
  @ApiOperation({ summary: 'Reenviar el correo de verificación' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.rateLimited)
  resend(@Body() form: EmailDto, @Ip() ip: string): Promise<SuccessMessageDto> {
    return this.auth.resendVerification(form, ip);
  }

  @Post('token')
  @ApiOperation({
    summary: 'Ingresar con correo y contraseña (tokens de acceso y de renovación)',
    description: 'An admin gets no tokens here but the second step: SecondFactorChallengeDto.',
  })
  @Public()
  @HttpCode(200)
  @ApiExtraModels(SessionDto, SecondFactorChallengeDto)
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(SessionDto) }, { $ref: getSchemaPath(SecondFactorChallengeDto) }] },
  })
  @ApiErrors(
    COMMON_ERRORS.validation,
    AUTH_ERRORS.unknownEmail,
    AUTH_ERRORS.wrongPassword,
    AUTH_ERRORS.emailNotVerified,
    AUTH_ERRORS.suspended,
    AUTH_ERRORS.alreadyAuthenticated,
    COMMON_ERRORS.rateLimited,
    AUTH_ERRORS.passwordsBusy,
  )
  login(
    @Body() form: LoginDto,
    @Ip() ip: string,
    @Req() request: FastifyRequest,
    @UserAgent() userAgent: string | undefined,
  ): Promise<SessionDto | SecondFactorChallengeDto> {
    return this.auth.login(form, ip, this.signedIn(request), userAgent);
  }

  @Post('token/mfa/enroll')
  @ApiOperation({ summary: 'Empezar a activar la verificación en dos pasos (secreto y código QR)' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SecondFactorEnrolmentDto })
  @ApiErrors(COMMON_ERRORS.validation, AUTH_ERRORS.secondFactorExpired, AUTH_ERRORS.secondFactorEnrolled)
  startEnrolment(@Body() form: SecondFactorTokenDto): Promise<SecondFactorEnrolmentDto> {
    return this.auth.startEnrolment(form);
  }

  @Post('token/mfa/enroll/confirm')
  @ApiOperation({ summary: 'Confirmar la app de autenticación con un primer código e ingresar' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: EnrolledSessionDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    AUTH_ERRORS.secondFactorCodeRequired,
    AUTH_ERRORS.secondFactorExpired,
    AUTH_ERRORS.wrongCode,
    AUTH_ERRORS.secondFactorEnrolled,
    AUTH_ERRORS.tooManyCodes,
  )
  confirmEnrolment(
    @Body() form: SecondFactorCodeDto,
    @UserAgent() userAgent: string | undefined,
  ): Promise<EnrolledSessionDto> {
    return this.auth.confirmEnrolment(form, userAgent);
  }

  @Post('token/mfa/verify')
  @ApiOperation({ summary: 'Ingresar con el código de la app de autenticación o un código de recuperación' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    AUTH_ERRORS.secondFactorCodeRequired,
    AUTH_ERRORS.secondFactorExpired,
    AUTH_ERRORS.wrongCode,
    AUTH_ERRORS.wrongRecoveryCode,
    AUTH_ERRORS.secondFactorNotEnrolled,
    AUTH_ERRORS.tooManyCodes,
  )
  verifySecondFactor(
    @Body() form: SecondFactorCodeDto,
    @UserAgent() userAgent: string | undefined,
  ): Promise<SessionDto> {
    return this.auth.verifySecondFactor(form, userAgent);
  }

  @Post('token/refresh')
  @ApiOperation({ summary: 'Renovar el token de acceso con el token de renovación' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto })
  @ApiErrors(COMMON_ERRORS.validation, AUTH_ERRORS.sessionExpired)
  refresh(@Body() form: RefreshDto, @UserAgent() userAgent: string | undefined): Promise<SessionDto> {
    return this.auth.refresh(form.refresh, userAgent);
  }

  @Post('logout')
  @ApiOperation({ summary: 'Cerrar la sesión e invalidar el token de renovación' })
  @HttpCode(200)
  @Auth()
  @ApiOkResponse({ type: SuccessMessageDto })
  logout(@CurrentUser() user: AuthUser): Promise<SuccessMessageDto> {
    return this.auth.logout(user.id);
  }

  @Get('get_csrf')
  @ApiOperation({ summary: 'Obtener el token CSRF y su cookie' })
  @Public()
  @ApiOkResponse({ type: CsrfDto })
  csrf(@Res({ passthrough: true }) reply: FastifyReply): CsrfDto {
    const token = newCsrfToken();
    void reply.header('set-cookie', csrfCookie(token, this.config.publicUrl.startsWith('https://')));
    void reply.header('cache-control', 'no-store');
    return { csrfToken: token };
  }

  @Post('reset_password')
  @ApiOperation({ summary: 'Pedir el correo para restablecer la contraseña' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiErrors(COMMON_ERRORS.validation, AUTH_ERRORS.csrfMissing, AUTH_ERRORS.csrfInvalid, COMMON_ERRORS.rateLimited)
  requestReset(@Body() form: EmailDto, @Ip() ip: string, @Req() request: FastifyRequest): Promise<SuccessMessageDto> {
    assertCsrf(request);
    return this.auth.requestPasswordReset(form, ip);
  }

  @Get('reset/:uidb64/:token')
  @ApiOperation({ summary: 'Comprobar que un enlace para restablecer la contraseña sigue vigente' })
  @Public()
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiErrors(AUTH_ERRORS.resetLinkInvalid)
  checkReset(@Param('uidb64') uidb64: string, @Param('token') token: string): Promise<SuccessMessageDto> {
    return this.auth.checkResetLink(uidb64, token);
  }

  @Post('reset/:uidb64/:token')
  @ApiOperation({ summary: 'Guardar la nueva contraseña con el enlace de restablecimiento' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    AUTH_ERRORS.resetLinkInvalid,
    AUTH_ERRORS.resetFieldsRequired,
    AUTH_ERRORS.passwordRule,
    AUTH_ERRORS.passwordTooLong,
    AUTH_ERRORS.passwordsBusy,
  )
  reset(
    @Param('uidb64') uidb64: string,
    @Param('token') token: string,
    @Body() form: NewPasswordDto,
  ): Promise<SuccessMessageDto> {
    return this.auth.resetPassword(uidb64, token, form.password);
  }

  /** A request already carrying a valid access token (sign-up and login then answer 409). */
  private signedIn(request: FastifyRequest): boolean {
    const token = bearerToken(request);
    return token !== null && this.tokens.verifyAccess(token) !== null;
  }
}
