/** Every client route in one place (common's SITE_PATHS, which the server reads too). */
export { SITE_PATHS as paths } from '@cym/common';
