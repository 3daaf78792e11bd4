import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { IsInt, IsOptional, IsString } from 'class-validator';

/** A rating: the average of the visible references (one decimal) and their count. */
export class RatingDto {
  @ApiProperty({ example: 4.7 }) average: number;
  @ApiProperty({ example: 12 }) count: number;
  @ApiProperty({ example: 3, description: "Written after a hire between the two ('Trabajó con …')" }) hired: number;
}

export class ReferenceAuthorDto {
  @ApiProperty() user_id: number;
  @ApiProperty() first_name: string;
  @ApiProperty({ type: String, nullable: true }) profile_image: string | null;
}

/** A reference as the public sees it (visible ones only). */
export class ReferenceDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: ReferenceAuthorDto }) author: ReferenceAuthorDto;
  @ApiProperty() subject_user_id: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) stars: number;
  @ApiProperty() text: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: "es-AR date, e.g. '27/11/2026'" }) formatted_date: string;
  @ApiProperty({ format: 'date-time', description: 'Until when the author may edit it' }) editable_until: string;
  @ApiProperty({ type: String, nullable: true }) reply: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) reply_at: string | null;
  @ApiProperty({ description: "Written after a hire between the two: 'Trabajó con …'" }) hired: boolean;
}

/** One page of a person's visible references, newest first, with their rating. */
export class ReferencePageDto {
  @ApiProperty() subject_user_id: number;
  @ApiProperty({ type: RatingDto, nullable: true }) rating: RatingDto | null;
  @ApiProperty({ type: [ReferenceDto] }) results: ReferenceDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

/** Whether the signed-in person can write a reference about another, and theirs if written. */
export class ReferenceEligibilityDto {
  @ApiProperty({ description: 'May write a new reference now' }) can_write: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why not, in Spanish' }) reason: string | null;
  @ApiProperty({ type: ReferenceDto, nullable: true, description: 'The one already written (hidden ones too)' })
  reference: ReferenceDto | null;
  @ApiProperty({ description: 'The written one may still be edited' }) can_edit: boolean;
}

export class CreateReferenceDto {
  @ApiProperty({ description: 'The user the reference is about' })
  @IsInt({ message: REFERENCE_MESSAGES.personNotFound })
  subject_user_id: number;
  @ApiProperty({ minimum: REFERENCE_LIMITS.minStars, maximum: REFERENCE_LIMITS.maxStars })
  @IsInt({ message: REFERENCE_MESSAGES.stars })
  stars: number;
  @ApiProperty({ minLength: REFERENCE_LIMITS.minText, maxLength: REFERENCE_LIMITS.maxText })
  @IsString({ message: REFERENCE_MESSAGES.text })
  text: string;
}

export class UpdateReferenceDto {
  @ApiPropertyOptional({ minimum: REFERENCE_LIMITS.minStars, maximum: REFERENCE_LIMITS.maxStars })
  @IsOptional()
  @IsInt({ message: REFERENCE_MESSAGES.stars })
  stars?: number;
  @ApiPropertyOptional({ minLength: REFERENCE_LIMITS.minText, maxLength: REFERENCE_LIMITS.maxText })
  @IsOptional()
  @IsString({ message: REFERENCE_MESSAGES.text })
  text?: string;
}

export class ReplyReferenceDto {
  @ApiProperty({ minLength: REFERENCE_LIMITS.minReply, maxLength: REFERENCE_LIMITS.maxReply })
  @IsString({ message: REFERENCE_MESSAGES.reply })
  text: string;
}

export class ReasonDto {
  @ApiProperty({ minLength: REFERENCE_LIMITS.minReason, maxLength: REFERENCE_LIMITS.maxReason })
  @IsString({ message: REFERENCE_MESSAGES.reason })
  reason: string;
}

export class AdminReferenceReportDto {
  @ApiProperty() reporter_user_id: number;
  @ApiProperty() reporter_name: string;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** A reference in the back office: both people, its reports and whether it is hidden. */
export class AdminReferenceDto {
  @ApiProperty() id: number;
  @ApiProperty() author_user_id: number;
  @ApiProperty() author_name: string;
  @ApiProperty() subject_user_id: number;
  @ApiProperty() subject_name: string;
  @ApiProperty() stars: number;
  @ApiProperty() text: string;
  @ApiProperty({ type: String, nullable: true }) reply: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) hidden_at: string | null;
  @ApiProperty({ type: String, nullable: true }) hidden_reason: string | null;
  @ApiProperty({ type: [AdminReferenceReportDto] }) reports: AdminReferenceReportDto[];
}

export class AdminReferencePageDto {
  @ApiProperty({ type: [AdminReferenceDto] }) results: AdminReferenceDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}
