/**
 * Verified documents: the account's 'Verificación' section, and the admin's queue's queries
 * (features/admin draws that page).
 */
export { VerificationSection } from './VerificationSection';
export { openDocument, useAdminDocuments, usePrivateImage, useReviewDocument, type AdminDocument } from './api';
