import { ApiProperty } from '@nestjs/swagger';

/** Someone in an audit entry: the admin who acted, or the person the change was about. */
export class AuditPersonDto {
  @ApiProperty({ description: 'User id' }) id: number;
  @ApiProperty({ description: 'Name; a deleted account shows the name it had when deleted, if recorded' })
  full_name: string;
  @ApiProperty({ description: 'Deleted since' }) deleted: boolean;
}

/** One admin action: who did what to whom and when, with before and after. */
export class AuditEntryDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiProperty({ example: '22/11/2026 10:05', description: 'Buenos Aires time' }) formatted_created_at: string;
  @ApiProperty({ nullable: true, type: AuditPersonDto, description: 'null: the admin account no longer exists' })
  actor: AuditPersonDto | null;
  @ApiProperty({ example: 'user.visibility' }) action: string;
  @ApiProperty({ example: 'Visibilidad del perfil' }) action_display: string;
  @ApiProperty({ enum: ['user', 'membership', 'job_offer', 'membership_type'] }) target_type: string;
  @ApiProperty({ nullable: true, type: Number }) target_id: number | null;
  @ApiProperty({ example: 'Oferta «Niñera para dos chicos»', description: 'What was changed, in words' })
  target_display: string;
  @ApiProperty({
    nullable: true,
    type: AuditPersonDto,
    description: 'The person concerned: the user, the employer of a membership or of an offer; null for the price',
  })
  person: AuditPersonDto | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true, description: 'As recorded' })
  before: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true, description: 'As recorded' })
  after: Record<string, unknown> | null;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) results: AuditEntryDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class AuditActionOptionDto {
  @ApiProperty({ example: 'user.delete' }) value: string;
  @ApiProperty({ example: 'Cuenta eliminada' }) label: string;
}

export class AuditAdminOptionDto {
  @ApiProperty() id: number;
  @ApiProperty() full_name: string;
}

/** What the audit screen's filters offer: the admins who acted (or may) and the actions. */
export class AuditFiltersDto {
  @ApiProperty({ type: [AuditAdminOptionDto] }) admins: AuditAdminOptionDto[];
  @ApiProperty({ type: [AuditActionOptionDto] }) actions: AuditActionOptionDto[];
}
