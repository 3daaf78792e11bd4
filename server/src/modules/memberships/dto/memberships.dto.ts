import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_MESSAGES } from '@cym/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, ValidateNested } from 'class-validator';
import { MEMBERSHIP_STATES, type MembershipState } from '../membership-state';

export class MembershipTypeDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Whole pesos' }) price: number;
  @ApiProperty() duration_days: number;
}

export class MembershipTypeRefDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() price: number;
}

export class MembershipPaymentDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['mercadopago', 'bank_transfer'] }) payment_method: string;
  @ApiProperty() payment_method_display: string;
  @ApiProperty() amount: number;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected', 'cancelled', 'refunded'] }) status: string;
  @ApiProperty({ nullable: true, type: String }) transaction_id: string | null;
}

/** One row of the MEMBRESÍA table on the employer's account page. */
export class MembershipDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: MembershipTypeRefDto }) membership_type: MembershipTypeRefDto;
  @ApiProperty({ type: String, format: 'date-time' }) start_date: string;
  @ApiProperty({ type: String, format: 'date-time' }) end_date: string;
  @ApiProperty({ description: 'Activa (true) while switched on and not expired' }) status: boolean;
  @ApiProperty({
    enum: MEMBERSHIP_STATES,
    description:
      'active (Activa), scheduled (Programada: a renewal before its start), pending (Pendiente: a transfer waiting for approval), expired (Vencida), inactive (Inactiva: switched off)',
  })
  state: MembershipState;
  @ApiProperty({ nullable: true, type: MembershipPaymentDto }) payment: MembershipPaymentDto | null;
}

/** The membership creation result. */
export class MembershipCreatedDto {
  @ApiProperty() membership_id: number;
  @ApiProperty({ description: 'The membership type name' }) membership_type: string;
  @ApiProperty({ type: String, format: 'date-time' }) membership_start_date: string;
  @ApiProperty({ type: String, format: 'date-time' }) membership_end_date: string;
  @ApiProperty() membership_status: boolean;
  @ApiProperty() payment_amount: number;
  @ApiProperty({ enum: ['mercadopago', 'bank_transfer'] }) payment_method: string;
  @ApiProperty() payment_method_display: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected', 'cancelled', 'refunded'] }) payment_status: string;
  @ApiProperty({ nullable: true, type: String }) transaction_id: string | null;
}

export class BankDetailsDto {
  @ApiProperty() name: string;
  @ApiProperty() holder: string;
  @ApiProperty() cuit: string;
  @ApiProperty() alias: string;
  @ApiProperty({ description: 'CBU or CVU' }) account: string;
}

// Requests
export class PaymentBodyDto {
  @ApiProperty({ description: 'Whole pesos; must equal the membership price' })
  @IsInt({ message: PAYMENT_MESSAGES.amountMismatch })
  amount: number;
  @ApiProperty({ enum: ['bank_transfer'] })
  @IsIn(['bank_transfer'], { message: PAYMENT_MESSAGES.methodInvalid })
  payment_method: 'bank_transfer';
}

export class CreateMembershipBodyDto {
  @ApiProperty({ type: PaymentBodyDto })
  @IsObject({ message: PAYMENT_MESSAGES.methodInvalid })
  @ValidateNested()
  @Type(() => PaymentBodyDto)
  payment: PaymentBodyDto;
}
