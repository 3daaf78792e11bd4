import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '@cym/common';

/** OpenAPI description of the one error shape (`ErrorBody` of common, see app-exception.ts). */
export class ErrorBodyDto {
  @ApiProperty({ example: 'El nombre es obligatorio.' }) error: string;
  @ApiProperty({ example: 'VALIDATION_FAILED', enum: ERROR_CODES, enumName: 'ErrorCode' }) code: ErrorCode;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { name: ['El nombre es obligatorio.'] },
  })
  errors?: Record<string, string[]>;
}
