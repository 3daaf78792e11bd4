import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_DELETION_MESSAGES } from '@cym/common';
import { IsOptional, IsString } from 'class-validator';

/** 'Eliminar mi cuenta': the account's password confirms it. */
export class DeleteAccountDto {
  @ApiProperty({ description: "The account's current password" })
  @IsOptional()
  @IsString({ message: ACCOUNT_DELETION_MESSAGES.passwordRequired })
  password?: string;
}
