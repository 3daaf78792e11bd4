import { ApiProperty } from '@nestjs/swagger';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '@cym/common';
import { IsString } from 'class-validator';

/**
 * Only the types are checked here; the lengths and the e-mail shape are the common
 * workspace's validateContact, the same function the contact screen runs.
 */
export class ContactFormDto {
  @ApiProperty({ maxLength: CONTACT_LIMITS.nameMax })
  @IsString({ message: CONTACT_MESSAGES.nameRequired })
  name: string;

  @ApiProperty({ format: 'email' })
  @IsString({ message: CONTACT_MESSAGES.emailRequired })
  email: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.messageMax })
  @IsString({ message: CONTACT_MESSAGES.messageRequired })
  message: string;
}

export class ContactSentDto {
  @ApiProperty({ example: CONTACT_MESSAGES.sent }) message: string;
}
