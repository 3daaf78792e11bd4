import { ApiProperty } from '@nestjs/swagger';
import { AdminMembershipDto, AdminOfferDto, AdminPaymentDto, AdminUserDto } from './admin.dto';

/** One membership of the employer's history. */
export class AdminMembershipHistoryDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'Switched on' }) status: boolean;
  @ApiProperty({ description: 'Switched on and not expired' }) active: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) start_date: string;
  @ApiProperty({ type: String, format: 'date-time' }) end_date: string;
  @ApiProperty({ nullable: true, type: String }) payment_method: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Manual' }) payment_method_display: string | null;
  @ApiProperty({ nullable: true, type: Number }) amount: number | null;
  @ApiProperty({ nullable: true, type: String }) payment_status: string | null;
  @ApiProperty({ nullable: true, type: String }) transaction_id: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The admin who granted it by hand (method 'manual')" })
  granted_by: string | null;
}

/** An employer as the back office sees them: person, memberships, payments and offers. */
export class AdminParentDetailDto {
  @ApiProperty({ description: 'Parent profile id' }) id: number;
  @ApiProperty({ type: AdminUserDto }) user: AdminUserDto;
  @ApiProperty({ nullable: true, type: AdminMembershipDto, description: 'The active one, else the newest' })
  membership: AdminMembershipDto | null;
  @ApiProperty({ type: [AdminMembershipHistoryDto], description: 'Newest first' })
  memberships: AdminMembershipHistoryDto[];
  @ApiProperty({ type: [AdminPaymentDto], description: 'Newest first' }) payments: AdminPaymentDto[];
  @ApiProperty({ type: [AdminOfferDto], description: 'Newest first' }) offers: AdminOfferDto[];
}
