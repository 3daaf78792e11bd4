import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { AdminOnly, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import {
  AdminWageScaleDto,
  CreateWageScaleDto,
  WageRulesDto,
  WageServiceBodyDto,
  WageServiceDto,
} from './dto/wages.dto';
import { WagesService } from './wages.service';

/** The legal minimum wage as everyone reads it (issue 22): the offer wizard, the offer page, the worker's price. */
@ApiTags('wages')
@Public()
@Controller('wages')
export class WagesController {
  constructor(private readonly wages: WagesService) {}

  @Get('current')
  @ApiOperation({ summary: 'Salarios mínimos vigentes del personal de casas particulares' })
  @ApiOkResponse({ type: WageRulesDto })
  current(): Promise<WageRulesDto> {
    return this.wages.current();
  }
}

/** /admin/salarios: the scales' history, a new scale, each service's category. */
@ApiTags('admin')
@AdminOnly()
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
@Controller('admin/wages')
export class AdminWagesController {
  constructor(private readonly wages: WagesService) {}

  @Get('scales')
  @ApiOperation({ summary: 'Administración: escalas salariales cargadas' })
  @ApiOkResponse({ type: [AdminWageScaleDto] })
  scales(): Promise<AdminWageScaleDto[]> {
    return this.wages.scales();
  }

  @Post('scales')
  @ApiOperation({ summary: 'Administración: cargar una escala salarial nueva' })
  @ApiCreatedResponse({ type: AdminWageScaleDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  create(@CurrentUser() actor: AuthUser, @Body() body: CreateWageScaleDto): Promise<AdminWageScaleDto> {
    return this.wages.createScale(actor, body);
  }

  @Put('services/:id')
  @ApiOperation({ summary: 'Administración: asignar la categoría salarial de un servicio' })
  @ApiOkResponse({ type: WageServiceDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  setService(
    @CurrentUser() actor: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: WageServiceBodyDto,
  ): Promise<WageServiceDto> {
    return this.wages.setServiceCategory(actor, id, body.category ?? null);
  }
}
