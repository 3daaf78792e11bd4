import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { AdminOnly, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import {
  AdminLaborParameterDto,
  AdminWageScaleDto,
  CreateLaborParameterDto,
  CreateWageScaleDto,
  WageRulesDto,
  WageServiceBodyDto,
  WageServiceDto,
} from './dto/wages.dto';
import { WAGE_ERRORS } from './wages.errors';
import { WagesService } from './wages.service';

/** The legal minimum wage as everyone reads it: the offer wizard, the offer page, the worker's price. */
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
  @ApiErrors(COMMON_ERRORS.validation)
  create(@CurrentUser() actor: AuthUser, @Body() body: CreateWageScaleDto): Promise<AdminWageScaleDto> {
    return this.wages.createScale(actor, body);
  }

  @Put('services/:id')
  @ApiOperation({ summary: 'Administración: asignar la categoría salarial de un servicio' })
  @ApiOkResponse({ type: WageServiceDto })
  @ApiErrors(COMMON_ERRORS.validation, WAGE_ERRORS.serviceNotFound, COMMON_ERRORS.notFound)
  setService(
    @CurrentUser() actor: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: WageServiceBodyDto,
  ): Promise<WageServiceDto> {
    return this.wages.setServiceCategory(actor, id, body.category ?? null);
  }

  @Get('parameters')
  @ApiOperation({ summary: 'Administración: parámetros del régimen de casas particulares y su historia' })
  @ApiOkResponse({ type: [AdminLaborParameterDto] })
  parameters(): Promise<AdminLaborParameterDto[]> {
    return this.wages.laborParameters();
  }

  @Post('parameters')
  @ApiOperation({ summary: 'Administración: cargar un valor nuevo de un parámetro, desde una fecha' })
  @ApiCreatedResponse({ type: AdminLaborParameterDto })
  @ApiErrors(COMMON_ERRORS.validation)
  createParameter(
    @CurrentUser() actor: AuthUser,
    @Body() body: CreateLaborParameterDto,
  ): Promise<AdminLaborParameterDto> {
    return this.wages.createLaborParameter(actor, body);
  }
}
