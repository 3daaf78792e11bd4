import { ApiProperty } from '@nestjs/swagger';

/** One open login of the person, as 'Sesiones activas' lists it. */
export class LoginSessionDto {
  @ApiProperty({ format: 'uuid', description: 'The login (its refresh-token family)' }) id: string;
  @ApiProperty({ example: 'Chrome' }) browser: string;
  @ApiProperty({ example: 'Android' }) system: string;
  @ApiProperty({ format: 'date-time', description: 'The login' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'Its latest use (login or token refresh)' }) last_used_at: string;
  @ApiProperty({ description: 'The login of this request' }) current: boolean;
}
