import type { DataSource, EntityManager } from 'typeorm';

/**
 * Locks user $1's row until the transaction ends. FOR NO KEY UPDATE conflicts with itself (two
 * writes under one person's limit take turns) but not with the key-share lock an insert
 * elsewhere takes on the user it references (a chat message, a refresh token), so those never
 * wait for a limit.
 */
export const LOCK_USER = `SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`;

/**
 * An "at most N per person" rule that parallel requests cannot pass: `work` (count, then write)
 * runs in one transaction that first locks the person's `users` row, so the same person's
 * requests count one after the other, each seeing what the one before wrote (read committed
 * takes a new snapshot per statement). Other people's requests never wait. The rule itself (what
 * is counted, the limit, the refusal) stays in the service that calls this.
 */
export function underUserLock<T>(
  dataSource: DataSource,
  userId: number,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query(LOCK_USER, [userId]);
    return work(manager);
  });
}
