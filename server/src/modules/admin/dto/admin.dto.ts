import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADMIN_MESSAGES, MAX_MEMBERSHIP_PRICE, OFFER_PUBLIC_VISIBILITY, type OfferPublicVisibility } from '@cym/common';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { JobOfferDto } from '../../browse/dto/browse.dto';

/** A person in the admin lists. */
export class AdminUserDto {
  @ApiProperty() id: number;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() full_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ example: '22/11/2026' }) formatted_created_at: string;
  @ApiProperty({ nullable: true, type: String, example: '22/11/2026 10:05', description: 'null: never logged in' })
  formatted_last_login: string | null;
  @ApiProperty({ description: '"En línea", "Hace 5 min", or "-"' }) formatted_last_seen: string;
  @ApiProperty({ nullable: true, type: Boolean, description: 'Workers only; null for employers' })
  profile_visibility: boolean | null;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
}

/** An admin on the team screen. */
export class AdminTeamMemberDto {
  @ApiProperty() id: number;
  @ApiProperty() full_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Their second factor (TOTP) is confirmed; false: the next login enrols one' })
  second_factor: boolean;
  @ApiProperty({ nullable: true, type: String, example: '22/11/2026 10:05', description: 'null: never logged in' })
  formatted_last_login: string | null;
  @ApiProperty({ description: 'The admin asking: their own second factor is not reset from here' })
  current: boolean;
}

export class AdminWorkerDto {
  @ApiProperty({ description: 'Worker profile id' }) id: number;
  @ApiProperty({ type: AdminUserDto }) user: AdminUserDto;
}

/** An employer's current membership as the admin toggles it (the active one, else the latest). */
export class AdminMembershipDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'Switched on' }) status: boolean;
  @ApiProperty({ description: 'Switched on and not expired' }) active: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) start_date: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) end_date: string | null;
  @ApiProperty({ nullable: true, type: String }) payment_method: string | null;
  @ApiProperty({ nullable: true, type: String }) payment_method_display: string | null;
  @ApiProperty({ nullable: true, type: String }) payment_status: string | null;
  @ApiProperty({ nullable: true, type: String }) transaction_id: string | null;
  @ApiProperty({ description: "The employer's name, for the detail popup" }) user_full_name: string;
}

export class AdminParentDto {
  @ApiProperty({ description: 'Parent profile id' }) id: number;
  @ApiProperty({ type: AdminUserDto }) user: AdminUserDto;
  @ApiProperty({ nullable: true, type: AdminMembershipDto }) membership: AdminMembershipDto | null;
}

export class AdminWorkerPageDto {
  @ApiProperty({ type: [AdminWorkerDto] }) results: AdminWorkerDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class AdminParentPageDto {
  @ApiProperty({ type: [AdminParentDto] }) results: AdminParentDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

/** An offer of the admin list: what the public sees of it too. */
export class AdminOfferDto extends JobOfferDto {
  @ApiProperty({
    enum: OFFER_PUBLIC_VISIBILITY.map((v) => v.value),
    description: 'What the public sees: visible, hidden (switched off), no_membership (employer without an active one)',
  })
  public_visibility: OfferPublicVisibility;
  @ApiProperty({ example: 'Oculta: sin membresía activa' }) public_visibility_display: string;
}

export class AdminOfferPageDto {
  @ApiProperty({ type: [AdminOfferDto] }) results: AdminOfferDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class PaymentUserDto {
  @ApiProperty() full_name: string;
}

/** A payment in the admin list. */
export class AdminPaymentDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: PaymentUserDto }) user: PaymentUserDto;
  @ApiProperty({ type: String, format: 'date-time' }) timestamp: string;
  @ApiProperty({ nullable: true, type: String }) transaction_id: string | null;
  @ApiProperty() payment_method: string;
  @ApiProperty() payment_method_display: string;
  @ApiProperty() amount: number;
  @ApiProperty({
    enum: ['pending', 'approved', 'rejected', 'cancelled', 'refunded', 'expired'],
    description: "'expired': a card checkout nobody completed within 24 hours (Vencido)",
  })
  status: string;
}

export class AdminPaymentPageDto {
  @ApiProperty({ type: [AdminPaymentDto] }) results: AdminPaymentDto[];
  @ApiProperty() count: number;
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
}

export class VisibilityBodyDto {
  @ApiProperty()
  @IsBoolean({ message: 'Indicá si el perfil es visible (true o false).' })
  visible: boolean;
}

export class PriceBodyDto {
  @ApiProperty({ minimum: 1, maximum: MAX_MEMBERSHIP_PRICE })
  @IsInt({ message: ADMIN_MESSAGES.invalidPrice })
  @Min(1, { message: ADMIN_MESSAGES.invalidPrice })
  @Max(MAX_MEMBERSHIP_PRICE, { message: ADMIN_MESSAGES.invalidPrice })
  price: number;
}

export class AdminMembershipTypeDto {
  @ApiProperty() id: number;
  @ApiProperty() price: number;
}

/** Query of the admin lists: all optional; any of them makes the answer a page. */
export class AdminListQueryDto {
  @ApiPropertyOptional({ description: 'Case-insensitive part of the name (offers: title; payments: name or id)' })
  search?: string;
  @ApiPropertyOptional() page?: number;
  @ApiPropertyOptional() page_size?: number;
}
