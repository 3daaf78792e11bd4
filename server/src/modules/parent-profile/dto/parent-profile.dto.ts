import { ApiProperty } from '@nestjs/swagger';
import { PARENT_INFO_MESSAGES } from '@cym/common';
import { IsOptional, IsString } from 'class-validator';

export class ParentUserDto {
  @ApiProperty() id: number;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() full_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
}

/** The employer's current (or latest) membership; status is true only while it is active. */
export class ParentMembershipRefDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'true while status is on and end_date is in the future' }) status: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) start_date: string;
  @ApiProperty({ type: String, format: 'date-time' }) end_date: string;
}

/** An employer's own profile: owner and admins only. */
export class ParentInfoDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: ParentUserDto }) user: ParentUserDto;
  @ApiProperty({ nullable: true, type: String, example: '1985-03-02' }) date_of_birth: string | null;
  @ApiProperty({ nullable: true, enum: ['male', 'female'], type: String }) gender: 'male' | 'female' | null;
  @ApiProperty({ nullable: true, type: String }) gender_display: string | null;
  @ApiProperty({ nullable: true, type: String }) nationality: string | null;
  @ApiProperty({ nullable: true, type: ParentMembershipRefDto }) membership: ParentMembershipRefDto | null;
}

// Requests: types only; the rules live in the common workspace.
export class ParentInfoBodyDto {
  @ApiProperty({ example: '1985-03-02' })
  @IsOptional()
  @IsString({ message: PARENT_INFO_MESSAGES.birthRequired })
  date_of_birth?: string;
  @ApiProperty({ enum: ['male', 'female'] })
  @IsOptional()
  @IsString({ message: PARENT_INFO_MESSAGES.genderRequired })
  gender?: string;
  @ApiProperty() @IsOptional() @IsString({ message: PARENT_INFO_MESSAGES.nationalityRequired }) nationality?: string;
}
