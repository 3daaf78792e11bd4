import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sends no longer move `conversations.last_message_at` (issue 19: it made two processes' grouped
 * inserts wait for each other's row locks); the conversation list orders by each conversation's
 * newest message instead. The column, which nothing reads any more, goes.
 */
export class ConversationsWithoutLastMessageAt1764500000001 implements MigrationInterface {
  name = 'ConversationsWithoutLastMessageAt1764500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations DROP COLUMN last_message_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE conversations ADD COLUMN last_message_at timestamptz;
      UPDATE conversations c SET last_message_at = (SELECT max(created_at) FROM messages m WHERE m.conversation_id = c.id);
    `);
  }
}
