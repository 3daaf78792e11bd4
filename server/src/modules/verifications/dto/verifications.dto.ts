import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  VERIFICATION_KINDS,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUSES,
  type VerificationKind,
  type VerificationStatus,
} from '@cym/common';
import { IsOptional, IsString } from 'class-validator';

/** One of the owner's documents, as their account's 'Verificación' section shows it. */
export class MyVerificationDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: VERIFICATION_KINDS }) kind: VerificationKind;
  @ApiProperty({ example: 'DNI (frente)' }) kind_display: string;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status: VerificationStatus;
  @ApiProperty({ nullable: true, type: String }) rejection_reason: string | null;
  @ApiProperty({ example: 'image/jpeg' }) content_type: string;
  @ApiProperty() size_bytes: number;
  @ApiProperty({ format: 'date-time' }) uploaded_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When it was approved or rejected' })
  reviewed_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When an admin last opened it' })
  viewed_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) issued_on: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) expires_on: string | null;
  @ApiProperty({ description: 'An approved certificate whose 12 months are over' }) expired: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The badge it gives now, if any' }) badge: string | null;
  @ApiProperty({ description: 'The owner-or-admin address of the bytes' }) file_url: string;
}

/** The badges of a listed worker (public profile). */
export class WorkerVerificationBadgesDto {
  @ApiProperty({ description: "'Identidad verificada': an approved DNI" }) identity: boolean;
  @ApiProperty({ description: "'Antecedentes verificados': an approved certificate not expired" }) background: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) background_until: string | null;
}

export class AdminVerificationPersonDto {
  @ApiProperty() user_id: number;
  @ApiProperty() full_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['Worker', 'Parent'] }) profile_type: 'Worker' | 'Parent';
  @ApiProperty({ nullable: true, type: Number }) worker_profile_id: number | null;
}

/** A document in /admin/verificaciones. */
export class AdminVerificationDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: VERIFICATION_KINDS }) kind: VerificationKind;
  @ApiProperty() kind_display: string;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status: VerificationStatus;
  @ApiProperty() content_type: string;
  @ApiProperty({ format: 'date-time' }) uploaded_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) reviewed_at: string | null;
  @ApiProperty({ nullable: true, type: String }) rejection_reason: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) issued_on: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) expires_on: string | null;
  @ApiProperty() file_url: string;
  @ApiProperty({ type: AdminVerificationPersonDto }) person: AdminVerificationPersonDto;
  @ApiProperty({ nullable: true, type: String }) reviewer: string | null;
}

export class ApproveVerificationDto {
  @ApiPropertyOptional({
    format: 'date',
    description: "The certificate's issue date (required for a certificate): not future, within 12 months",
  })
  @IsOptional()
  @IsString({ message: VERIFICATION_MESSAGES.issuedInvalid })
  issued_on?: string;
}

export class RejectVerificationDto {
  @ApiProperty({ minLength: 5, maxLength: 300 })
  @IsString({ message: VERIFICATION_MESSAGES.reasonLength })
  reason: string;
}
