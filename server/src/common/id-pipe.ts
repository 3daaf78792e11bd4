import { Injectable, PipeTransform } from '@nestjs/common';
import { parseId } from '@cym/common';
import { COMMON_ERRORS } from './errors/common.errors';

/**
 * A numeric path id (a serial column): a whole number from 1 to PostgreSQL's integer maximum
 * (common's parseId, which the chat's socket payloads also go through). Anything else names
 * nothing, so it answers 404 like a missing row; ParseIntPipe alone lets 99999999999 through to
 * the database, which refuses it with a 500.
 */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseId(value);
    if (id === null) throw COMMON_ERRORS.notFound.exception();
    return id;
  }
}
