import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { BLOCK_ERRORS } from '../blocks/blocks.errors';
import { IdPipe } from '../../common/id-pipe';
import { ActiveMembership, Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import {
  EmployerDataBodyDto,
  EmploymentPayDto,
  EndBodyDto,
  PaidOnBodyDto,
  PayslipDraftBodyDto,
  PayslipDto,
  EmploymentDto,
  EmploymentSummaryDto,
  HireProposalBodyDto,
  HireProposalDto,
  RegistrationBodyDto,
  WorkerCuilBodyDto,
} from './dto/hires.dto';
import { HIRE_ERRORS } from './hires.errors';
import { HirePayService } from './hire-pay.service';
import { HiresService } from './hires.service';

/** The hire: proposals in the chat and the relationships they become (/contrataciones). */
@ApiTags('hires')
@Controller('hires')
export class HiresController {
  constructor(
    private readonly hires: HiresService,
    private readonly pay: HirePayService,
  ) {}

  @Post('proposals')
  @ApiOperation({ summary: 'Proponer una contratación en una conversación con una trabajadora' })
  @ActiveMembership()
  @ApiCreatedResponse({ type: HireProposalDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    HIRE_ERRORS.conversationNotFound,
    HIRE_ERRORS.notYourConversation,
    HIRE_ERRORS.openProposal,
    HIRE_ERRORS.openEmployment,
    COMMON_ERRORS.rateLimited,
    BLOCK_ERRORS.cannotWrite,
    BLOCK_ERRORS.blockedByMe,
  )
  propose(@CurrentUser() user: AuthUser, @Body() body: HireProposalBodyDto): Promise<HireProposalDto> {
    return this.hires.propose(user, body);
  }

  @Get('proposals/:id')
  @ApiOperation({ summary: 'Ver una propuesta de contratación' })
  @Auth()
  @ApiOkResponse({ type: HireProposalDto })
  @ApiErrors(COMMON_ERRORS.notFound, HIRE_ERRORS.proposalNotFound)
  proposal(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<HireProposalDto> {
    return this.hires.proposal(user, id);
  }

  @Post('proposals/:id/accept')
  @ApiOperation({ summary: 'Aceptar una propuesta de contratación' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: HireProposalDto })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    COMMON_ERRORS.validation,
    HIRE_ERRORS.proposalNotFound,
    HIRE_ERRORS.onlyWorkerAnswers,
    HIRE_ERRORS.proposalAnswered,
    HIRE_ERRORS.startPassed,
    HIRE_ERRORS.openEmployment,
    BLOCK_ERRORS.cannotWrite,
    BLOCK_ERRORS.blockedByMe,
  )
  accept(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<HireProposalDto> {
    return this.hires.accept(user, id);
  }

  @Post('proposals/:id/decline')
  @ApiOperation({ summary: 'Rechazar una propuesta de contratación' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: HireProposalDto })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.proposalNotFound,
    HIRE_ERRORS.onlyWorkerAnswers,
    HIRE_ERRORS.proposalAnswered,
  )
  decline(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<HireProposalDto> {
    return this.hires.decline(user, id);
  }

  @Post('proposals/:id/withdraw')
  @ApiOperation({ summary: 'Retirar una propuesta de contratación sin respuesta' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: HireProposalDto })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.proposalNotFound,
    HIRE_ERRORS.onlyEmployerWithdraws,
    HIRE_ERRORS.proposalAnswered,
  )
  withdraw(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<HireProposalDto> {
    return this.hires.withdraw(user, id);
  }

  @Get()
  @ApiOperation({ summary: 'Mis relaciones laborales' })
  @Auth()
  @ApiOkResponse({ type: [EmploymentSummaryDto] })
  list(@CurrentUser() user: AuthUser): Promise<EmploymentSummaryDto[]> {
    return this.hires.list(user);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Ver una relación laboral' })
  @Auth()
  @ApiOkResponse({ type: EmploymentDto })
  @ApiErrors(COMMON_ERRORS.notFound, HIRE_ERRORS.employmentNotFound)
  get(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<EmploymentDto> {
    return this.hires.get(user, id);
  }

  @Put(':id/worker-cuil')
  @ApiOperation({ summary: 'La trabajadora carga su CUIL' })
  @Auth()
  @ApiOkResponse({ type: EmploymentDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.onlyWorkerCuil,
    HIRE_ERRORS.ended,
  )
  workerCuil(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: WorkerCuilBodyDto,
  ): Promise<EmploymentDto> {
    return this.hires.setWorkerCuil(user, id, body);
  }

  @Put(':id/employer-data')
  @ApiOperation({ summary: 'El empleador carga su CUIT y la dirección de trabajo' })
  @Auth()
  @ApiOkResponse({ type: EmploymentDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.onlyEmployerData,
    HIRE_ERRORS.ended,
  )
  employerData(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: EmployerDataBodyDto,
  ): Promise<EmploymentDto> {
    return this.hires.setEmployerData(user, id, body);
  }

  @Post(':id/registration')
  @ApiOperation({ summary: 'El empleador informa el alta en ARCA' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: EmploymentDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.onlyEmployerData,
    HIRE_ERRORS.ended,
  )
  registration(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: RegistrationBodyDto,
  ): Promise<EmploymentDto> {
    return this.hires.setRegistered(user, id, body);
  }

  @Get(':id/pay')
  @ApiOperation({ summary: 'Recibos, aportes, aguinaldo, vacaciones y liquidación de una relación laboral' })
  @Auth()
  @ApiOkResponse({ type: EmploymentPayDto })
  @ApiErrors(COMMON_ERRORS.notFound, HIRE_ERRORS.employmentNotFound, HIRE_ERRORS.noScale)
  payOf(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<EmploymentPayDto> {
    return this.pay.pay(user, id);
  }

  @Get(':id/payslips/:period')
  @ApiOperation({ summary: 'Ver el recibo de sueldo de un mes' })
  @Auth()
  @ApiOkResponse({ type: PayslipDto })
  @ApiErrors(COMMON_ERRORS.notFound, HIRE_ERRORS.employmentNotFound, HIRE_ERRORS.periodNotFound, HIRE_ERRORS.noScale)
  payslip(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
  ): Promise<PayslipDto> {
    return this.pay.payslip(user, id, period);
  }

  @Put(':id/payslips/:period')
  @ApiOperation({ summary: 'El empleador carga las horas extra y feriados del mes (borrador)' })
  @Auth()
  @ApiOkResponse({ type: PayslipDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.periodNotFound,
    HIRE_ERRORS.onlyEmployerPays,
    HIRE_ERRORS.payslipConfirmed,
    HIRE_ERRORS.noScale,
  )
  saveDraft(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
    @Body() body: PayslipDraftBodyDto,
  ): Promise<PayslipDto> {
    return this.pay.saveDraft(user, id, period, body);
  }

  @Post(':id/payslips/:period/confirm')
  @ApiOperation({ summary: 'El empleador confirma el recibo y la fecha de pago' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: PayslipDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.periodNotFound,
    HIRE_ERRORS.onlyEmployerPays,
    HIRE_ERRORS.payslipConfirmed,
    HIRE_ERRORS.noScale,
  )
  confirm(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
    @Body() body: PaidOnBodyDto,
  ): Promise<PayslipDto> {
    return this.pay.confirm(user, id, period, body);
  }

  @Post(':id/payslips/:period/acknowledge')
  @ApiOperation({ summary: 'La trabajadora da conformidad al recibo (Recibí conforme)' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: PayslipDto })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.periodNotFound,
    HIRE_ERRORS.onlyWorkerAcknowledges,
    HIRE_ERRORS.payslipNotConfirmed,
    HIRE_ERRORS.payslipAcknowledged,
    HIRE_ERRORS.noScale,
  )
  acknowledge(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
  ): Promise<PayslipDto> {
    return this.pay.acknowledge(user, id, period);
  }

  @Get(':id/payslips/:period/pdf')
  @ApiOperation({ summary: 'Descargar un recibo de sueldo confirmado (PDF)' })
  @Auth()
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The payslip (application/pdf)' })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.periodNotFound,
    HIRE_ERRORS.payslipNotConfirmed,
    HIRE_ERRORS.noScale,
    COMMON_ERRORS.rateLimited,
  )
  async payslipPdf(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPdf(reply, await this.pay.payslipPdf(user, id, period));
  }

  @Put(':id/contributions/:period')
  @ApiOperation({ summary: 'El empleador marca como pagado el aporte a ARCA de un mes' })
  @Auth()
  @ApiOkResponse({ type: EmploymentPayDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.periodNotFound,
    HIRE_ERRORS.onlyEmployerPays,
    HIRE_ERRORS.noScale,
  )
  contribution(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Param('period') period: string,
    @Body() body: PaidOnBodyDto,
  ): Promise<EmploymentPayDto> {
    return this.pay.markContribution(user, id, period, body);
  }

  @Post(':id/end')
  @ApiOperation({ summary: 'Finalizar la relación laboral, con su liquidación final' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: EmploymentPayDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.ended,
    HIRE_ERRORS.noScale,
  )
  end(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: EndBodyDto,
  ): Promise<EmploymentPayDto> {
    return this.pay.end(user, id, body);
  }

  @Get(':id/settlement/pdf')
  @ApiOperation({ summary: 'Descargar la liquidación final (PDF)' })
  @Auth()
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The final settlement (application/pdf)' })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    HIRE_ERRORS.employmentNotFound,
    HIRE_ERRORS.noSettlement,
    COMMON_ERRORS.rateLimited,
  )
  async settlementPdf(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPdf(reply, await this.pay.settlementPdf(user, id));
  }
}

/** A document for its parties only: never cached, never sniffed, named by the server. */
async function sendPdf(reply: FastifyReply, pdf: { bytes: Buffer; filename: string }): Promise<void> {
  await reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${pdf.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(pdf.bytes);
}
