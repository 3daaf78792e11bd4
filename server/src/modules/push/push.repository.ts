/**
 * Stores a browser's subscription for the user $1 (endpoint $2, keys $3 and $4, user agent $5):
 * an endpoint already known, whoever had it, moves to this user with its new keys and counts as
 * new (the oldest subscriptions are the ones dropped past the limit).
 */
export const UPSERT_SUBSCRIPTION = `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE
            SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
                user_agent = EXCLUDED.user_agent, created_at = now(), last_success_at = NULL
         RETURNING id`;

/** Keeps the user's ($1) newest $2 subscriptions and deletes the rest. */
export const TRIM_SUBSCRIPTIONS = `DELETE FROM push_subscriptions
          WHERE user_id = $1
            AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1
                            ORDER BY created_at DESC, id DESC LIMIT $2)`;
