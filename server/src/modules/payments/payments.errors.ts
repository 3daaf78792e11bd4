import { HttpStatus } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What card payments, the provider's notifications and the sandbox checkout refuse with. */
export const PAYMENT_ERRORS = declareErrors({
  profileRequired: { status: HttpStatus.BAD_REQUEST, code: 'PROFILE_REQUIRED', message: PAYMENT_MESSAGES.noProfile },
  /** The provider does not know the payment (yet), or it is not this employer's. */
  paymentNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PAYMENT_NOT_FOUND',
    message: PAYMENT_MESSAGES.paymentNotFound,
  },
  /** Approved, but not for our amount, currency or payment. */
  mismatch: { status: HttpStatus.CONFLICT, code: 'PAYMENT_MISMATCH', message: PAYMENT_MESSAGES.verifyFailed },
  notApproved: {
    status: HttpStatus.CONFLICT,
    code: 'PAYMENT_NOT_APPROVED',
    message: PAYMENT_MESSAGES.paymentNotApproved,
  },
  /** A notification without a valid, fresh x-signature. */
  invalidSignature: {
    status: HttpStatus.UNAUTHORIZED,
    code: 'INVALID_SIGNATURE',
    message: PAYMENT_MESSAGES.invalidSignature,
  },
  /** The provider could not be reached or refused our request: nothing changed. */
  providerUnavailable: {
    status: HttpStatus.BAD_GATEWAY,
    code: 'PROVIDER_UNAVAILABLE',
    message: PAYMENT_MESSAGES.providerUnavailable,
  },
  // The sandbox checkout page (served only while no MercadoPago credentials are set).
  checkoutNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'CHECKOUT_NOT_FOUND',
    message: 'No encontramos este pago de prueba.',
  },
  checkoutExpired: {
    status: HttpStatus.GONE,
    code: 'CHECKOUT_EXPIRED',
    message: 'Este pago venció. Volvé al sitio y tocá de nuevo «Pagar con MercadoPago».',
  },
  invalidAction: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_ACTION', message: 'Elegí una opción de pago.' },
});
