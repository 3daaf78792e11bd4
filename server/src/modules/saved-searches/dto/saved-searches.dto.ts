import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_FREQUENCIES,
  SAVED_SEARCH_KINDS,
  SAVED_SEARCH_MESSAGES,
  type EmailFrequency,
  type SavedSearchKind,
} from '@cym/common';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString } from 'class-validator';

/** A saved search as its owner sees it on /alertas. */
export class SavedSearchDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: SAVED_SEARCH_KINDS }) kind: SavedSearchKind;
  @ApiProperty() name: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "The directory's query parameters (filters, 'Cerca de'), as the page's address carries them",
  })
  query: Record<string, string>;
  @ApiProperty({ enum: EMAIL_FREQUENCIES }) email_frequency: EmailFrequency;
  @ApiProperty() paused: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: 'Profiles or offers that matched since it was saved' }) match_count: number;
}

export class CreateSavedSearchDto {
  @ApiProperty({ enum: SAVED_SEARCH_KINDS })
  @IsIn(SAVED_SEARCH_KINDS, { message: SAVED_SEARCH_MESSAGES.kind })
  kind: SavedSearchKind;
  @ApiProperty({ maxLength: 80 }) @IsString({ message: SAVED_SEARCH_MESSAGES.nameRequired }) name: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "The directory's query parameters; paging is dropped",
  })
  @IsObject({ message: SAVED_SEARCH_MESSAGES.badQuery })
  query: Record<string, unknown>;
  @ApiPropertyOptional({ enum: EMAIL_FREQUENCIES, default: 'immediate' })
  @IsOptional()
  @IsIn(EMAIL_FREQUENCIES, { message: SAVED_SEARCH_MESSAGES.frequency })
  email_frequency?: EmailFrequency;
}

export class UpdateSavedSearchDto {
  @ApiPropertyOptional({ maxLength: 80 })
  @IsOptional()
  @IsString({ message: SAVED_SEARCH_MESSAGES.nameRequired })
  name?: string;
  @ApiPropertyOptional({ enum: EMAIL_FREQUENCIES })
  @IsOptional()
  @IsIn(EMAIL_FREQUENCIES, { message: SAVED_SEARCH_MESSAGES.frequency })
  email_frequency?: EmailFrequency;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: SAVED_SEARCH_MESSAGES.paused })
  paused?: boolean;
}

export class UnsubscribedDto {
  @ApiProperty() message: string;
  @ApiProperty() name: string;
}
