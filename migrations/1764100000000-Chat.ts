import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations between two parties (worker, employer, admin: exactly two of them; one
 * conversation per pair) and their messages. A message's client id makes a resent message
 * land once; the unread-mail table remembers which unread conversation was already e-mailed.
 */
export class Chat1764100000000 implements MigrationInterface {
  name = 'Chat1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conversations (
        id serial PRIMARY KEY,
        worker_profile_id integer REFERENCES worker_profiles(id) ON DELETE CASCADE,
        parent_profile_id integer REFERENCES parent_profiles(id) ON DELETE CASCADE,
        admin_user_id integer REFERENCES users(id) ON DELETE CASCADE,
        pair_key varchar(40) NOT NULL UNIQUE,
        last_message_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (num_nonnulls(worker_profile_id, parent_profile_id, admin_user_id) = 2)
      );
      CREATE INDEX conversations_worker_idx ON conversations(worker_profile_id);
      CREATE INDEX conversations_parent_idx ON conversations(parent_profile_id);
      CREATE INDEX conversations_admin_idx ON conversations(admin_user_id);

      CREATE TABLE messages (
        id bigserial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        sender_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        content varchar(2000) NOT NULL,
        client_id varchar(64),
        is_read boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (sender_id, client_id)
      );
      CREATE INDEX messages_conversation_idx ON messages(conversation_id, id);
      CREATE INDEX messages_unread_idx ON messages(conversation_id, sender_id) WHERE NOT is_read;

      CREATE TABLE chat_unread_notices (
        conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, user_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE chat_unread_notices, messages, conversations`);
  }
}
