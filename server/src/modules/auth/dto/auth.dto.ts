import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_MESSAGES, SECOND_FACTOR_MESSAGES } from '@cym/common';
import { IsBoolean, IsOptional, IsString } from 'class-validator';

/**
 * Request bodies only declare types; the rules and their order live in the common workspace
 * (signUpProblem, loginProblem, …) so the screens and the server give the same message.
 */
export class SignUpDto {
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) firstName?: string;
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) lastName?: string;
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) email?: string;
  @ApiPropertyOptional({ description: 'Digits only, 6 to 15' })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.signUpPhone })
  phone?: string;
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) password?: string;
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) confirmPassword?: string;
  @ApiProperty({ enum: ['Worker', 'Parent'] })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.badProfileType })
  profileType?: string;
  @ApiProperty() @IsOptional() @IsBoolean({ message: AUTH_MESSAGES.termsRequired }) acceptedTerms?: boolean;
}

export class LoginDto {
  @ApiProperty({ description: 'The e-mail' })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.required })
  username?: string;
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.required }) password?: string;
}

export class RefreshDto {
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.sessionExpired }) refresh?: string;
}

export class EmailDto {
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.forgotEmailRequired }) email?: string;
}

export class NewPasswordDto {
  @ApiProperty() @IsOptional() @IsString({ message: AUTH_MESSAGES.resetFieldsRequired }) password?: string;
}

export class SessionDto {
  @ApiProperty() access: string;
  @ApiProperty() refresh: string;
  @ApiProperty({ enum: ['Worker', 'Parent'], nullable: true, type: String }) profile_type: 'Worker' | 'Parent' | null;
  @ApiProperty({ nullable: true, type: Number }) profile_id: number | null;
  @ApiProperty() is_admin: boolean;
  @ApiPropertyOptional({ description: 'Workers only' }) profile_visibility?: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Employers only' }) membership_type?: string | null;
  @ApiPropertyOptional({ description: 'Employers only' }) membership_status?: boolean;
}

/**
 * The login's answer for an admin with the right password: no session yet, but the second step
 * (enrol, or answer a code). Every other account gets a SessionDto, as before.
 */
export class SecondFactorChallengeDto {
  @ApiProperty({
    enum: ['enroll', 'verify'],
    description:
      "'enroll': first login, add the app (POST token/mfa/enroll); 'verify': answer a code (POST token/mfa/verify)",
  })
  mfa: 'enroll' | 'verify';
  @ApiProperty({ description: 'Single-purpose, minutes long: sent back with the second step' }) mfa_token: string;
  @ApiProperty() is_admin: boolean;
}

export class SecondFactorTokenDto {
  @ApiProperty() @IsOptional() @IsString({ message: SECOND_FACTOR_MESSAGES.stepExpired }) mfa_token?: string;
}

export class SecondFactorCodeDto extends SecondFactorTokenDto {
  @ApiProperty({ description: "The authenticator app's six digits, or (verify only) a recovery code" })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.codeRequired })
  code?: string;
}

export class SecondFactorEnrolmentDto {
  @ApiProperty({ description: 'The TOTP secret in base32, for typing into the app by hand' }) secret: string;
  @ApiProperty() otpauth_uri: string;
  @ApiProperty({ description: 'The QR code of otpauth_uri, as a data: URL (SVG)' }) qr_code: string;
}

export class EnrolledSessionDto extends SessionDto {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown this once' })
  recovery_codes: string[];
}

export class VerifiedSessionDto extends SessionDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
}

export class SuccessMessageDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
}

export class CsrfDto {
  @ApiProperty({ description: 'Also set as the csrftoken cookie; send it back in X-CSRFToken' }) csrfToken: string;
}
