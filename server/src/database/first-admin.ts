import { isEmail, isStrongEnoughPassword, passwordTooLong } from '@cym/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { PasswordHasher } from '../modules/auth/password-hasher';

export interface AdminAccount {
  email: string;
  password: string;
}

/** Why an admin account cannot be made from these values, or null. */
export function adminAccountProblem(account: AdminAccount): string | null {
  if (!isEmail(account.email.trim())) return 'ADMIN_EMAIL no es un e-mail válido.';
  if (!isStrongEnoughPassword(account.password) || passwordTooLong(account.password))
    return 'ADMIN_PASSWORD necesita al menos 8 caracteres con un número (y hasta 72 bytes).';
  return null;
}

/**
 * Makes sure an admin with this e-mail exists: created verified when
 * missing; an existing account of that e-mail becomes admin only if it has no profile, so a
 * worker or employer is never silently turned into staff. Answers what it did.
 */
export async function ensureAdmin(
  options: DataSourceOptions,
  account: AdminAccount,
  bcryptCost: number,
): Promise<'created' | 'exists' | 'refused'> {
  const problem = adminAccountProblem(account);
  if (problem) throw new Error(problem);
  const email = account.email.trim().toLowerCase();
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    const [existing] = (await dataSource.query(
      `SELECT id, is_admin, profile_type FROM users WHERE email = $1 AND deleted_at IS NULL`,
      [email],
    )) as { id: number; is_admin: boolean; profile_type: string | null }[];
    if (existing?.is_admin) return 'exists';
    if (existing) return 'refused';
    const passwordHash = await new PasswordHasher({ cost: bcryptCost }).hash(account.password);
    await dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_admin, email_verified_at)
       VALUES ($1, $2, 'Equipo', 'Administración', true, now()) ON CONFLICT (email) DO NOTHING`,
      [email, passwordHash],
    );
    return 'created';
  } finally {
    await dataSource.destroy();
  }
}
