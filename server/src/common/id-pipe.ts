import { HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import { COMMON_MESSAGES } from '@cym/common';
import { AppException } from './app-exception';

const MAX_ID = 2_147_483_647;

/**
 * A numeric path id (a serial column): a whole number from 1 to PostgreSQL's integer maximum.
 * Anything else names nothing, so it answers 404 like a missing row; ParseIntPipe alone lets
 * 99999999999 through to the database, which refuses it with a 500.
 */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseId(value);
    if (id === null) throw new AppException(HttpStatus.NOT_FOUND, 'NOT_FOUND', COMMON_MESSAGES.notFound);
    return id;
  }
}

/** The id a path or socket payload names (a number or its digits), or null for anything else. */
export function parseId(value: unknown): number | null {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}
