import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  LABOR_PARAMETER_KEYS,
  LABOR_PARAMETER_MESSAGES,
  WAGE_ARRANGEMENTS,
  WAGE_MESSAGES,
  type LaborParameterKey,
  type LaborParameterValue,
  type WageArrangement,
  type WageScaleStatus,
} from '@cym/common';
import { IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString } from 'class-validator';

export class WageRateDto {
  @ApiProperty({ minimum: 1, maximum: 5 }) category: number;
  @ApiProperty({ enum: WAGE_ARRANGEMENTS }) arrangement: WageArrangement;
  @ApiProperty({ example: 3494.25 }) hourly: number;
  @ApiProperty({ example: 441806.54 }) monthly: number;
}

export class WageScaleDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date', example: '2026-01-01' }) effective_from: string;
  @ApiProperty() source: string;
  @ApiProperty({ example: 30 }) zone_supplement_percent: number;
  @ApiProperty({ type: [WageRateDto] }) rates: WageRateDto[];
}

export class WageCategoryDto {
  @ApiProperty() category: number;
  @ApiProperty() name: string;
}

export class WageServiceDto {
  @ApiProperty() service_id: number;
  @ApiProperty({ description: 'The service key (housemaide, babysitter, …)' }) key: string;
  @ApiProperty({ nullable: true, type: Number, description: 'null: outside Ley 26.844 (no legal minimum)' })
  category: number | null;
}

export class WageZoneDto {
  @ApiProperty({ type: [Number] }) provinces: number[];
  @ApiProperty({ type: [Number] }) municipalities: number[];
}

/** Everything the legal-minimum rule (common's legalMinimum) needs, as of today in Buenos Aires. */
export class WageRulesDto {
  @ApiProperty({ type: WageScaleDto, nullable: true, description: 'The scale in force' }) scale: WageScaleDto | null;
  @ApiProperty({ type: WageScaleDto, nullable: true, description: "The next one entered ('Próxima')" })
  next: WageScaleDto | null;
  @ApiProperty({ type: [WageCategoryDto] }) categories: WageCategoryDto[];
  @ApiProperty({ type: [WageServiceDto] }) services: WageServiceDto[];
  @ApiProperty({ type: [Number], description: 'Work arrangement ids that mean living in (sin retiro)' })
  live_in_arrangements: number[];
  @ApiProperty({ type: WageZoneDto }) zone: WageZoneDto;
}

export class AdminWageScaleDto extends WageScaleDto {
  @ApiProperty({ enum: ['vigente', 'proxima', 'anterior'] }) status: WageScaleStatus;
  @ApiProperty({ nullable: true, type: String, description: 'The admin who entered it; null for the seeded one' })
  created_by: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class WageRateBodyDto {
  @ApiProperty({ minimum: 1, maximum: 5 }) category: number;
  @ApiProperty({ enum: WAGE_ARRANGEMENTS }) arrangement: WageArrangement;
  @ApiProperty({ exclusiveMinimum: true, minimum: 0 }) hourly: number;
  @ApiProperty({ exclusiveMinimum: true, minimum: 0 }) monthly: number;
}

/** A new scale: its date, its source and the nine amounts (checked by common's wageScaleProblems). */
export class CreateWageScaleDto {
  @ApiProperty({ format: 'date', example: '2026-03-01' })
  @IsString({ message: WAGE_MESSAGES.effectiveFromInvalid })
  effective_from: string;
  @ApiProperty({ minLength: 5, maxLength: 500 })
  @IsString({ message: WAGE_MESSAGES.sourceInvalid })
  source: string;
  @ApiPropertyOptional({ default: 30, minimum: 0, maximum: 100 })
  @IsOptional()
  @IsInt({ message: WAGE_MESSAGES.zoneInvalid })
  zone_supplement_percent?: number;
  @ApiProperty({ type: [WageRateBodyDto], minItems: 9, maxItems: 9 })
  @IsArray({ message: WAGE_MESSAGES.ratesIncomplete })
  rates: unknown[];
}

export class WageServiceBodyDto {
  @ApiProperty({ nullable: true, type: Number, minimum: 1, maximum: 5, description: 'null: outside the regime' })
  @IsOptional()
  @IsInt({ message: WAGE_MESSAGES.categoryInvalid })
  category: number | null;
}

/** A parameter's value: a number, a day (YYYY-MM-DD) or a table of rows (common's LABOR_PARAMETERS says which). */
const LABOR_VALUE_SCHEMA = {
  oneOf: [
    { type: 'number' },
    { type: 'string', format: 'date' },
    {
      type: 'array',
      items: { type: 'object', additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }] } },
    },
  ],
};

/** One dated value of a regime parameter, as the computations and the pages that cite them read it. */
export class LaborParameterVersionDto {
  @ApiProperty({ enum: LABOR_PARAMETER_KEYS }) key: LaborParameterKey;
  @ApiProperty({ format: 'date' }) effective_from: string;
  @ApiProperty(LABOR_VALUE_SCHEMA) value: LaborParameterValue;
  @ApiProperty() source: string;
  @ApiProperty({ description: 'No source confirms the figure yet' }) unconfirmed: boolean;
}

export class AdminLaborParameterDto extends LaborParameterVersionDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['vigente', 'proxima', 'anterior'] }) status: WageScaleStatus;
  @ApiProperty({ nullable: true, type: String, description: 'The admin who entered it; null for the seeded ones' })
  created_by: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** A new value of a parameter (checked by common's laborParameterProblems). */
export class CreateLaborParameterDto {
  @ApiProperty({ enum: LABOR_PARAMETER_KEYS })
  @IsIn(LABOR_PARAMETER_KEYS as unknown as string[], { message: LABOR_PARAMETER_MESSAGES.keyInvalid })
  key: LaborParameterKey;
  @ApiProperty({ format: 'date', example: '2027-01-01' })
  @IsString({ message: LABOR_PARAMETER_MESSAGES.effectiveFromInvalid })
  effective_from: string;
  @ApiProperty(LABOR_VALUE_SCHEMA)
  @IsDefined({ message: LABOR_PARAMETER_MESSAGES.valueInvalid })
  value: unknown;
  @ApiProperty({ minLength: 5, maxLength: 500 })
  @IsString({ message: LABOR_PARAMETER_MESSAGES.sourceInvalid })
  source: string;
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: LABOR_PARAMETER_MESSAGES.valueInvalid })
  unconfirmed?: boolean;
}
