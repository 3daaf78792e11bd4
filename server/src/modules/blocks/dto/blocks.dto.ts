import { ApiProperty } from '@nestjs/swagger';
import { BLOCK_MESSAGES, MAX_ID } from '@cym/common';
import { IsInt, Max, Min } from 'class-validator';

export class BlockBodyDto {
  @ApiProperty({ description: 'The user to block' })
  @IsInt({ message: BLOCK_MESSAGES.invalidUser })
  @Min(1, { message: BLOCK_MESSAGES.invalidUser })
  @Max(MAX_ID, { message: BLOCK_MESSAGES.invalidUser })
  user_id: number;
}

/** Someone the caller blocked, as the public sees them. */
export class BlockedUserDto {
  @ApiProperty() user_id: number;
  @ApiProperty({ description: 'The first name (what the public sees)' }) first_name: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty({ nullable: true, enum: ['Worker', 'Parent'], type: String }) profile_type: 'Worker' | 'Parent' | null;
  @ApiProperty({ type: String, format: 'date-time' }) blocked_at: string;
}
