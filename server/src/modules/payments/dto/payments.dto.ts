import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_MESSAGES } from '@cym/common';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class CreatePreferenceBodyDto {
  @ApiProperty({ description: "The employer's profile id" })
  @IsOptional()
  @IsInt({ message: PAYMENT_MESSAGES.noProfile })
  @Min(1, { message: PAYMENT_MESSAGES.noProfile })
  @Max(2_147_483_647, { message: PAYMENT_MESSAGES.noProfile })
  profile_id?: number;
}

export class PreferenceDto {
  @ApiProperty({ description: 'Where the browser goes to pay' }) init_point: string;
  @ApiProperty() preference_id: string;
  @ApiProperty({ description: 'Our payment id (the external_reference)' }) payment_id: number;
  @ApiProperty({ enum: ['mercadopago', 'sandbox'] }) provider: string;
}

export class WebhookAnswerDto {
  @ApiProperty() received: boolean;
}
