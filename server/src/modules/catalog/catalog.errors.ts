import { HttpStatus } from '@nestjs/common';
import { CATALOG_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What the choice lists refuse with. */
export const CATALOG_ERRORS = declareErrors({
  /** A province id the catalog does not have (a malformed id is COMMON_ERRORS.notFound). */
  provinceNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PROVINCE_NOT_FOUND',
    message: CATALOG_MESSAGES.provinceNotFound,
  },
});
