import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { ActiveMembership, Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import {
  EmployerDataBodyDto,
  EmploymentDto,
  EmploymentSummaryDto,
  HireProposalBodyDto,
  HireProposalDto,
  RegistrationBodyDto,
  WorkerCuilBodyDto,
} from './dto/hires.dto';
import { HIRE_ERRORS } from './hires.errors';
import { HiresService } from './hires.service';

/** The hire: proposals in the chat and the relationships they become (/contrataciones). */
@ApiTags('hires')
@Controller('hires')
export class HiresController {
  constructor(private readonly hires: HiresService) {}

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
}
