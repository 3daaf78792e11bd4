import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of the one error shape (see app-exception.ts). */
export class ErrorBodyDto {
  @ApiProperty({ example: 'El nombre es obligatorio.' }) error: string;
  @ApiProperty({ example: 'VALIDATION_FAILED' }) code: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { name: ['El nombre es obligatorio.'] },
  })
  errors?: Record<string, string[]>;
}
