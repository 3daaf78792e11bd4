import { Module } from '@nestjs/common';
import { AdminRepository } from './admin.repository';
import { AuditLog } from './audit-log';

/**
 * The one AuditLog of the app, for every module whose admin actions write `admin_audit_log`
 * (admin, wages, references, verifications): imported, never listed again as a provider, so
 * there is one instance and a test's spy on it reaches every writer. It writes through an
 * AdminRepository of its own (the repository holds no state), which stays unexported here.
 */
@Module({ providers: [AdminRepository, AuditLog], exports: [AuditLog] })
export class AuditLogModule {}
