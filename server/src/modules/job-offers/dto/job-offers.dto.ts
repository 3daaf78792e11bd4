import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_OFFER_MESSAGES } from '@cym/common';
import { IsArray, IsBoolean, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { JobOfferDto } from '../../browse/dto/browse.dto';

const TYPE = JOB_OFFER_MESSAGES.unknownChoice;

/** An offer as its owner sees it: `is_public` tells whether /job-offers lists it now. */
export class OwnJobOfferDto extends JobOfferDto {
  @ApiProperty({ description: 'status is on and the employer has an active membership' }) is_public: boolean;
}

/** The light list the account page counts. */
export class JobOfferSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() status: boolean;
  @ApiProperty() is_public: boolean;
  @ApiProperty({ example: '22/11/2026' }) formatted_created_at: string;
}

export class OfferLocationBodyDto {
  @ApiProperty() neighborhood: string;
  @ApiProperty({ description: 'Province id' }) province: number;
  @ApiProperty({ description: 'Municipality id, of that province' }) municipality: number;
}

/** The body of add and update; the rules live in the common workspace. */
export class JobOfferBodyDto {
  @ApiProperty({ maxLength: 35 })
  @IsOptional()
  @IsString({ message: JOB_OFFER_MESSAGES.titleRequired })
  title?: string;

  @ApiProperty({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: JOB_OFFER_MESSAGES.descriptionRequired })
  description?: string;

  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  services?: number[];

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  tasks?: number[];

  @ApiProperty({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  work_arrangements?: number[];

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  languages?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsInt({ message: TYPE })
  native_language?: number | null;

  @ApiPropertyOptional({ type: [Number], description: 'Ids of shift choices' })
  @IsOptional()
  @IsArray({ message: TYPE })
  @IsInt({ each: true, message: TYPE })
  work_shifts?: number[];

  @ApiProperty({ type: OfferLocationBodyDto })
  @IsOptional()
  @IsObject({ message: JOB_OFFER_MESSAGES.locationRequired })
  location?: Partial<Record<keyof OfferLocationBodyDto, unknown>>;

  @ApiPropertyOptional({
    // OpenAPI 3.0: `nullable` belongs beside a `type`, so it goes on the integer branch.
    oneOf: [
      { type: 'integer', nullable: true },
      { type: 'string', pattern: '^\\d*$' },
    ],
    description: 'Whole pesos, at most 10,000,000; null or empty for none',
  })
  @IsOptional()
  monthly_price?: number | string | null;
}

export class JobOfferStatusBodyDto {
  @ApiProperty() @IsBoolean({ message: 'Indicá si la oferta es visible (true o false).' }) status: boolean;
}
