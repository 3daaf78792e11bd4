import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NAME_MESSAGES, PHONE_MESSAGES } from '@cym/common';
import { IsOptional, IsString } from 'class-validator';

export class UpdateNamesDto {
  @ApiProperty() @IsOptional() @IsString({ message: NAME_MESSAGES.firstRequired }) first_name?: string;
  @ApiProperty() @IsOptional() @IsString({ message: NAME_MESSAGES.lastRequired }) last_name?: string;
}

export class UpdatePhoneDto {
  @ApiProperty({ description: 'Digits only, 8 to 15' })
  @IsOptional()
  @IsString({ message: PHONE_MESSAGES.required })
  phone?: string;
}

/** The signed-in user's own data (never another user's, never the password hash). */
export class UserDataDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'Same as id' }) user_id: number;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'The e-mail (the username)' }) username: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty({ description: "'-' when unknown" }) formatted_last_seen: string;
  @ApiProperty() is_admin: boolean;
  @ApiProperty({ enum: ['Worker', 'Parent'], nullable: true, type: String }) profile_type: 'Worker' | 'Parent' | null;
  @ApiProperty({ nullable: true, type: Number }) profile_id: number | null;
  @ApiPropertyOptional() profile_visibility?: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) membership_type?: string | null;
  @ApiPropertyOptional() membership_status?: boolean;
}

export class PhoneUpdatedDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
  @ApiProperty() phone: string;
}
