import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_KEYS,
  REPORT_TARGETS,
  type ModerationAction,
  type ReportReason,
  type ReportTarget,
} from '@cym/common';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** A person's report of a profile, an offer or one message. */
export class CreateReportDto {
  @ApiProperty({ enum: REPORT_TARGETS })
  @IsIn(REPORT_TARGETS, { message: MODERATION_MESSAGES.target })
  target_type: ReportTarget;
  @ApiProperty({ description: "The worker profile's, the offer's or the message's id" })
  @IsInt({ message: MODERATION_MESSAGES.target })
  @Min(1, { message: MODERATION_MESSAGES.target })
  @Max(2_147_483_647, { message: MODERATION_MESSAGES.target })
  target_id: number;
  @ApiProperty({ enum: REPORT_REASON_KEYS })
  @IsIn(REPORT_REASON_KEYS, { message: MODERATION_MESSAGES.reason })
  reason: ReportReason;
  @ApiPropertyOptional({ maxLength: MODERATION_LIMITS.maxDetails, nullable: true, type: String })
  @IsOptional()
  @IsString({ message: MODERATION_MESSAGES.details })
  details?: string | null;
}

export class ReportCreatedDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'What to tell the reporter' }) message: string;
}

/** The team's decision on a reported target. */
export class ModerationActionBodyDto {
  @ApiProperty({ enum: MODERATION_ACTIONS })
  @IsIn(MODERATION_ACTIONS, { message: 'Elegí una acción.' })
  action: ModerationAction;
  @ApiPropertyOptional({
    maxLength: MODERATION_LIMITS.maxReason,
    description: 'Required for a warning and a suspension: e-mailed to the person',
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString({ message: MODERATION_MESSAGES.actionReason })
  reason?: string | null;
}

export class ReportedPersonDto {
  @ApiProperty() user_id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() suspended: boolean;
}

/** A reported target in the team's list of open reports. */
export class ReportGroupDto {
  @ApiProperty({ enum: REPORT_TARGETS }) target_type: ReportTarget;
  @ApiProperty() target_id: number;
  @ApiProperty({ type: String, nullable: true, description: "An offer's title or a message's start" })
  label: string | null;
  @ApiProperty({ type: ReportedPersonDto }) person: ReportedPersonDto;
  @ApiProperty() open_count: number;
  @ApiProperty({ enum: REPORT_REASON_KEYS, isArray: true }) reasons: ReportReason[];
  @ApiProperty({ format: 'date-time' }) first_reported_at: string;
  @ApiProperty({ format: 'date-time' }) last_reported_at: string;
}

export class ReportGroupPageDto {
  @ApiProperty({ type: [ReportGroupDto] }) results: ReportGroupDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

/** A decision of the team, with whether it was undone. */
export class ModerationActionDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: REPORT_TARGETS }) target_type: ReportTarget;
  @ApiProperty() target_id: number;
  @ApiProperty({ type: String, nullable: true }) label: string | null;
  @ApiProperty() person_name: string;
  @ApiProperty() target_user_id: number;
  @ApiProperty({ enum: MODERATION_ACTIONS }) action: ModerationAction;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true }) actor_name: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) undone_at: string | null;
  @ApiProperty({ type: String, nullable: true }) undone_by_name: string | null;
  @ApiProperty({ description: 'Reports this decision closed' }) report_count: number;
}

export class ModerationActionPageDto {
  @ApiProperty({ type: [ModerationActionDto] }) results: ModerationActionDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class ReportDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: REPORT_REASON_KEYS }) reason: ReportReason;
  @ApiProperty({ type: String, nullable: true }) details: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() open: boolean;
  @ApiProperty() reporter_id: number;
  @ApiProperty() reporter_name: string;
}

export class ContextMessageDto {
  @ApiProperty() id: number;
  @ApiProperty() sender_id: number;
  @ApiProperty() sender_name: string;
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: 'The reported message' }) reported: boolean;
}

/** A reported target in context, its reports and the decisions taken on it. */
export class ReportTargetDto {
  @ApiProperty({ enum: REPORT_TARGETS }) target_type: ReportTarget;
  @ApiProperty() target_id: number;
  @ApiProperty({ type: String, nullable: true }) label: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The profile's introduction, the offer's text or the message",
  })
  text: string | null;
  @ApiProperty({ description: 'The profile or offer is hidden by the team' }) hidden: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The public page of the target or its person' })
  public_path: string | null;
  @ApiProperty({ type: ReportedPersonDto }) person: ReportedPersonDto;
  @ApiProperty({ type: String, nullable: true }) profile_type: string | null;
  @ApiProperty({ type: String, nullable: true }) suspension_reason: string | null;
  @ApiProperty() deleted: boolean;
  @ApiProperty({ type: [ContextMessageDto], description: 'For a message: the messages around it' })
  context: ContextMessageDto[];
  @ApiProperty({ type: [ReportDto] }) reports: ReportDto[];
  @ApiProperty({ type: [ModerationActionDto] }) actions: ModerationActionDto[];
}

export class SafetyWordDto {
  @ApiProperty() id: number;
  @ApiProperty() word: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class SafetyWordBodyDto {
  @ApiProperty({ minLength: MODERATION_LIMITS.minWordLength, maxLength: MODERATION_LIMITS.maxWordLength })
  @IsString({ message: MODERATION_MESSAGES.word })
  word: string;
}
