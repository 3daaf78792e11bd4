import type { EntityManager } from 'typeorm';
import {
  argentinaToday,
  backgroundBadgeActive,
  certificateExpiresOn,
  formatIsoDate,
  VERIFICATION_BADGES,
  VERIFICATION_KIND_LABELS,
  VERIFICATION_KINDS,
  VERIFICATION_LIMITS,
  validateIssuedOn,
  validateRejectionReason,
  type VerificationKind,
} from '@cym/common';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { AuditLog } from '../admin/audit-log';
import type { AuthUser } from '../auth/access/auth-user';
import { MailService } from '../mail/mail.service';
import { documentApprovedEmail, documentRejectedEmail } from '../mail/templates';
import { ImageDecoder, isImageTooLarge } from '../media/image-decoder';
import { ImageStorageUnavailableError, type ImageStorage } from '../media/image-storage';
import { detectImageKind } from '../media/image-type';
import { MEDIA_ERRORS } from '../media/media.errors';
import { WorkerProfileRepository } from '../worker-profile/worker-profile.repository';
import { disarmPdf, PdfRefusedError } from './document-pdf';
import { DOCUMENT_STORAGE, documentContentType, STORED_DOCUMENT_NAME } from './document-storage';
import type { VerificationDocument } from './entities/verification-document.entity';
import { VerificationsRepository } from './verifications.repository';
import type { AdminVerificationDto, MyVerificationDto, WorkerVerificationBadgesDto } from './dto/verifications.dto';
import { DomainEvents } from '../../common/events/domain-events';
import { VERIFICATION_ERRORS } from './verifications.errors';

/** Documents are kept readable: the longest side at most this (a DNI photo stays legible). */
const MAX_SIDE = 2000;
/** How many decided documents the admin's list shows after the pending ones. */
const DECIDED_SHOWN = 50;

/**
 * Verified documents: the owner's uploads (images re-encoded without metadata, PDFs
 * drawn into new image-only files) in the private document storage, the owner-or-admin reads of the
 * bytes, and the admin's review, whose decision, audit row and e-mail commit together. Approving a
 * DNI or a certificate changes badges on cards: the read models follow by trigger, and USER_CHANGED
 * clears the directory and profile caches.
 */
@Injectable()
export class VerificationsService implements OnApplicationShutdown {
  private readonly logger = new Logger('VerificationsService');

  constructor(
    private readonly documents: VerificationsRepository,
    private readonly workerProfiles: WorkerProfileRepository,
    private readonly transactions: Transactions,
    @Inject(DOCUMENT_STORAGE) private readonly storage: ImageStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    private readonly audit: AuditLog,
    private readonly events: DomainEvents,
    /** Every decode of an upload (images, PDF pages) goes through the process's bounded queue. */
    private readonly decoder: ImageDecoder,
  ) {}

  /** A path's kind, or 404 (any other text is no document). */
  kindOf(raw: string): VerificationKind {
    const kind = VERIFICATION_KINDS.find((k) => k === raw);
    if (!kind) throw VERIFICATION_ERRORS.notFound.exception();
    return kind;
  }

  /** Workers verify both kinds; employers their DNI only; admins have no documents. */
  private assertMayHold(user: AuthUser, kind: VerificationKind): void {
    if (user.profileType === 'Worker') return;
    if (user.profileType === 'Parent' && kind === 'dni') return;
    throw VERIFICATION_ERRORS.kindNotAllowed.exception();
  }

  async mine(user: AuthUser): Promise<MyVerificationDto[]> {
    const rows = await this.documents.userDocuments(user.id);
    const today = argentinaToday(this.clock.now());
    return rows.map((d) => this.myDto(d, today));
  }

  /** Rate limit first (a refused upload costs nothing), then the bytes, then the row. */
  async countUpload(user: AuthUser): Promise<void> {
    await this.limiter.consume('verification-upload', String(user.id), {
      limit: VERIFICATION_LIMITS.uploadsPerHour,
      windowMs: 3_600_000,
    });
  }

  async upload(user: AuthUser, kind: VerificationKind, content: Buffer): Promise<MyVerificationDto> {
    this.assertMayHold(user, kind);
    if (content.length === 0) throw VERIFICATION_ERRORS.missing.exception();
    if (content.length > VERIFICATION_LIMITS.maxBytes) throw VERIFICATION_ERRORS.tooLarge.exception();
    const stored = await this.prepare(content);
    const name = `${randomBytes(16).toString('hex')}.${stored.extension}`;
    await this.reach(() => this.storage.put(name, stored.bytes));
    let saved: VerificationDocument;
    let previous: VerificationDocument | null;
    try {
      // One upload of a person's documents at a time (parallel ones take turns on the user's
      // row): the row read is the one replaced, so every replaced file is deleted below and no
      // insert meets another's on the one-per-kind constraint (which answered 500s).
      ({ saved, previous } = await this.transactions.underUserLock(user.id, async (m) => {
        const replaced = await this.documents.userDocument(user.id, kind, m);
        // One current document per kind: a new upload replaces the row (a new review starts).
        if (replaced) await this.documents.delete(replaced.id, m);
        const inserted = await this.documents.add(
          {
            userId: user.id,
            kind,
            status: 'pending',
            storageKey: name,
            contentType: documentContentType(name),
            sizeBytes: stored.bytes.length,
            uploadedAt: this.clock.now(),
            reviewedBy: null,
            reviewedAt: null,
            rejectionReason: null,
            issuedOn: null,
            expiresOn: null,
            reminderSentAt: null,
          },
          m,
        );
        return { saved: inserted, previous: replaced };
      }));
    } catch (error) {
      await this.removeFile(name);
      throw error;
    }
    if (previous) await this.removeFile(previous.storageKey);
    // The badge of the approved one is gone until the new one is approved.
    if (previous?.status === 'approved') this.events.emit('document.withdrawn', { userId: user.id });
    return this.myDto(saved, argentinaToday(this.clock.now()));
  }

  async remove(user: AuthUser, kind: VerificationKind): Promise<void> {
    const previous = await this.documents.userDocument(user.id, kind);
    if (!previous) throw VERIFICATION_ERRORS.notFound.exception();
    await this.documents.delete(previous.id);
    await this.removeFile(previous.storageKey);
    if (previous.status === 'approved') this.events.emit('document.withdrawn', { userId: user.id });
  }

  /**
   * The bytes of document `id` for its owner or an admin; anyone else gets 404 (nothing to guess).
   * An admin's opening of someone else's document is written down first (audit row and the date
   * the owner sees, one transaction): when that cannot be written, the bytes are not served.
   */
  async file(user: AuthUser, id: number): Promise<{ bytes: Buffer; contentType: string; filename: string }> {
    const document = await this.documents.document(id);
    if (!document || (!user.isAdmin && document.userId !== user.id)) throw VERIFICATION_ERRORS.notFound.exception();
    if (!STORED_DOCUMENT_NAME.test(document.storageKey)) throw VERIFICATION_ERRORS.notFound.exception();
    const bytes = await this.reach(() => this.storage.get(document.storageKey));
    if (!bytes) throw VERIFICATION_ERRORS.notFound.exception();
    if (user.isAdmin && document.userId !== user.id) await this.recordOpening(user, document);
    const extension = document.storageKey.endsWith('.pdf') ? 'pdf' : 'jpg';
    const base = document.kind === 'dni' ? 'dni' : 'certificado-antecedentes';
    return { bytes, contentType: document.contentType, filename: `${base}-${document.id}.${extension}` };
  }

  /** Who opened whose document when: an audit row, and the date on the owner's document. */
  private async recordOpening(admin: AuthUser, document: VerificationDocument): Promise<void> {
    await this.transactions.run(async (m) => {
      await this.documents.markViewed(document.id, this.clock.now(), m);
      await this.audit.record(m, admin, {
        action: 'verification.view',
        targetType: 'user',
        targetId: document.userId,
        after: { document_id: document.id, kind: document.kind, status: document.status },
      });
    });
  }

  /** The badges the public sees on a listed worker's profile; 404 when the worker is not listed. */
  async workerBadges(workerProfileId: number): Promise<WorkerVerificationBadgesDto> {
    const row = await this.documents.workerBadges(workerProfileId);
    if (!row) throw VERIFICATION_ERRORS.profileNotFound.exception();
    const background = backgroundBadgeActive(row.background_until, argentinaToday(this.clock.now()));
    return { identity: row.identity, background, background_until: background ? row.background_until : null };
  }

  // ── Admin ─────────────────────────────────────────────────────────────────

  async adminList(): Promise<AdminVerificationDto[]> {
    const rows = await this.documents.adminQueue(DECIDED_SHOWN);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kind_display: VERIFICATION_KIND_LABELS[r.kind],
      status: r.status,
      content_type: r.content_type,
      uploaded_at: new Date(r.uploaded_at).toISOString(),
      reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
      rejection_reason: r.rejection_reason,
      issued_on: r.issued_on,
      expires_on: r.expires_on,
      file_url: `/api/verifications/documents/${r.id}/file`,
      person: {
        user_id: r.user_id,
        full_name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        profile_type: r.profile_type === 'Parent' ? 'Parent' : 'Worker',
        worker_profile_id: r.worker_profile_id,
      },
      reviewer: r.reviewer_first_name ? `${r.reviewer_first_name} ${r.reviewer_last_name ?? ''}`.trim() : null,
    }));
  }

  async approve(admin: AuthUser, id: number, issuedOn: unknown): Promise<AdminVerificationDto> {
    const now = this.clock.now();
    const today = argentinaToday(now);
    const outcome = await this.transactions.run(async (m) => {
      const document = await this.documents.lockedDocument(id, m);
      if (!document) throw VERIFICATION_ERRORS.notFound.exception();
      if (document.status !== 'pending') throw VERIFICATION_ERRORS.notPending.exception();
      let issued: string | null = null;
      if (document.kind === 'background_check') {
        const problem = validateIssuedOn(issuedOn, today);
        if (problem) throw AppException.validation({ issued_on: [problem] });
        issued = issuedOn as string;
      }
      const before = { status: document.status };
      document.status = 'approved';
      document.reviewedBy = admin.id;
      document.reviewedAt = now;
      document.rejectionReason = null;
      document.issuedOn = issued;
      document.expiresOn = issued ? certificateExpiresOn(issued) : null;
      document.reminderSentAt = null;
      await this.documents.save(document, m);
      await this.audit.record(m, admin, {
        action: 'verification.approve',
        targetType: 'user',
        targetId: document.userId,
        before: { document_id: document.id, kind: document.kind, ...before },
        after: {
          document_id: document.id,
          kind: document.kind,
          status: 'approved',
          issued_on: issued,
          expires_on: document.expiresOn,
        },
      });
      const owner = await this.documents.owner(document.userId, m);
      await this.mail.enqueue(
        m,
        owner.email,
        documentApprovedEmail(
          owner.firstName,
          VERIFICATION_KIND_LABELS[document.kind],
          VERIFICATION_BADGES[document.kind],
          document.expiresOn ? formatIsoDate(document.expiresOn) : null,
          `${this.config.publicUrl}/user-account`,
        ),
      );
      return { userId: document.userId, workerProfileId: await this.workerProfiles.idOfUser(document.userId, m) };
    });
    this.mail.notifyCommitted();
    this.events.emit('document.approved', outcome);
    return this.adminOne(id);
  }

  async reject(admin: AuthUser, id: number, reason: unknown): Promise<AdminVerificationDto> {
    const problem = validateRejectionReason(reason);
    if (problem) throw AppException.validation({ reason: [problem] });
    const text = (reason as string).trim();
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      const document = await this.documents.lockedDocument(id, m);
      if (!document) throw VERIFICATION_ERRORS.notFound.exception();
      if (document.status !== 'pending') throw VERIFICATION_ERRORS.notPending.exception();
      document.status = 'rejected';
      document.reviewedBy = admin.id;
      document.reviewedAt = now;
      document.rejectionReason = text;
      await this.documents.save(document, m);
      await this.audit.record(m, admin, {
        action: 'verification.reject',
        targetType: 'user',
        targetId: document.userId,
        before: { document_id: document.id, kind: document.kind, status: 'pending' },
        after: { document_id: document.id, kind: document.kind, status: 'rejected', reason: text },
      });
      const owner = await this.documents.owner(document.userId, m);
      await this.mail.enqueue(
        m,
        owner.email,
        documentRejectedEmail(
          owner.firstName,
          VERIFICATION_KIND_LABELS[document.kind],
          text,
          `${this.config.publicUrl}/user-account`,
        ),
      );
    });
    this.mail.notifyCommitted();
    return this.adminOne(id);
  }

  private async adminOne(id: number): Promise<AdminVerificationDto> {
    const found = (await this.adminList()).find((d) => d.id === id);
    if (!found) throw VERIFICATION_ERRORS.notFound.exception();
    return found;
  }

  onApplicationShutdown(): void {
    this.storage.close?.();
  }

  // ── Internals ─────────────────────────────────────────────────────────────

  private myDto(d: VerificationDocument, today: string): MyVerificationDto {
    const active = d.status === 'approved' && (d.kind === 'dni' || backgroundBadgeActive(d.expiresOn, today));
    return {
      id: d.id,
      kind: d.kind,
      kind_display: VERIFICATION_KIND_LABELS[d.kind],
      status: d.status,
      rejection_reason: d.rejectionReason,
      content_type: d.contentType,
      size_bytes: d.sizeBytes,
      uploaded_at: d.uploadedAt.toISOString(),
      reviewed_at: d.reviewedAt ? d.reviewedAt.toISOString() : null,
      viewed_at: d.adminViewedAt ? d.adminViewedAt.toISOString() : null,
      issued_on: d.issuedOn,
      expires_on: d.expiresOn,
      expired: d.status === 'approved' && d.kind === 'background_check' && !active,
      badge: active ? VERIFICATION_BADGES[d.kind] : null,
      file_url: `/api/verifications/documents/${d.id}/file`,
    };
  }

  /** A PDF drawn into a new one of its pages as pictures, or an image re-encoded as a JPEG without metadata. */
  private async prepare(content: Buffer): Promise<{ bytes: Buffer; extension: 'pdf' | 'jpg' }> {
    if (content.subarray(0, 5).toString('latin1') === '%PDF-') {
      // Never kept as sent: its pages drawn into a new, image-only PDF (document-pdf.ts), in a
      // turn of the decode queue (its 429 BUSY goes through).
      try {
        return { bytes: await this.decoder.run(() => disarmPdf(content)), extension: 'pdf' };
      } catch (error) {
        if (!(error instanceof PdfRefusedError)) throw error;
        const refusal =
          error.reason === 'password'
            ? VERIFICATION_ERRORS.passwordPdf
            : error.reason === 'too-many-pages'
              ? VERIFICATION_ERRORS.tooManyPagesPdf
              : VERIFICATION_ERRORS.unreadablePdf;
        throw refusal.exception();
      }
    }
    const kind = detectImageKind(content);
    if (!kind) throw VERIFICATION_ERRORS.wrongType.exception();
    try {
      // Within the photos' limits (IMAGE_LIMITS, read from the header), in a turn of the queue.
      const bytes = await this.decoder.decode(content, kind, (image) =>
        image
          .rotate() // the EXIF orientation, applied before the metadata is dropped
          .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer(),
      );
      return { bytes, extension: 'jpg' };
    } catch (error) {
      if (error instanceof AppException) throw error; // the queue's 429 BUSY
      if (isImageTooLarge(error)) throw MEDIA_ERRORS.tooManyPixels.exception();
      throw VERIFICATION_ERRORS.unreadableImage.exception();
    }
  }

  /** Removing a replaced or deleted file is best effort: the row is gone, the name is random. */
  private async removeFile(name: string): Promise<void> {
    if (!STORED_DOCUMENT_NAME.test(name)) return;
    try {
      await this.storage.delete(name);
    } catch (error) {
      if (!(error instanceof ImageStorageUnavailableError)) throw error;
      this.logger.error(`${error.message}; the document ${name} was left in the storage`);
    }
  }

  private async reach<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof ImageStorageUnavailableError)) throw error;
      this.logger.warn(error.message);
      throw VERIFICATION_ERRORS.storageUnavailable.exception();
    }
  }

  /**
   * A deleted account's documents: the rows go in the caller's transaction; the answer is the
   * files' names, to `removeFiles` once it committed (a failed commit keeps them).
   */
  forgetUser(m: EntityManager, userId: number): Promise<string[]> {
    return this.documents.removeAllOf(userId, m);
  }

  /** Deletes stored document files whose rows are gone (best effort: the sweep takes what is left). */
  async removeFiles(names: string[]): Promise<void> {
    for (const name of names) await this.removeFile(name);
  }
}
