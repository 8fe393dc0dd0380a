/** The schema of a games file, step by step: each entry migrates it from the version before (sqlite-store.ts runs them). */
import type { SqlDatabase } from "./sqlite-driver.js";

type Db = SqlDatabase;

/** Each entry migrates the schema from the version before it; user_version counts them. */
export const migrations: ((db: Db) => void)[] = [
  (db) => {
    db.exec(`
      CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT NOT NULL, preset TEXT, created_at INTEGER NOT NULL, seed TEXT NOT NULL);
      CREATE TABLE acts (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, time INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
      CREATE TABLE snapshots (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
    `);
  },
  // The server's records: accounts, sessions, who plays whom, invitations, the forum.
  (db) => {
    db.exec(`
      CREATE TABLE users (id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, display_name TEXT NOT NULL, password_hash TEXT NOT NULL, time_zone TEXT, created_at INTEGER NOT NULL);
      CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), csrf TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE game_settings (game_id TEXT PRIMARY KEY REFERENCES games(id), owner_id TEXT NOT NULL REFERENCES users(id), invite_code TEXT NOT NULL UNIQUE, time_zone TEXT NOT NULL);
      CREATE TABLE memberships (game_id TEXT NOT NULL REFERENCES games(id), user_id TEXT NOT NULL REFERENCES users(id), player_id TEXT NOT NULL, joined_at INTEGER NOT NULL, PRIMARY KEY (game_id, user_id), UNIQUE (game_id, player_id));
      CREATE INDEX memberships_by_user ON memberships (user_id);
      CREATE TABLE posts (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL REFERENCES games(id), user_id TEXT NOT NULL REFERENCES users(id), body TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX posts_by_game ON posts (game_id, id);
    `);
  },
  // When each game's next timer is due by the host's clock (src/kernel/deadlines.ts): a server
  // starting finds the games whose deadlines passed while it was down. 0: not known yet; NULL: none.
  // And the topic of each forum post, which the rules hear.
  (db) => {
    db.exec(`
      ALTER TABLE games ADD COLUMN next_deadline INTEGER DEFAULT 0;
      CREATE INDEX games_by_deadline ON games (next_deadline);
      ALTER TABLE posts ADD COLUMN topic TEXT NOT NULL DEFAULT 'general';
    `);
  },
  // Messages (src/server/messages.ts): the forum's posts become the messages of channel "general",
  // numbered per game. The text is NULL once deleted or redacted: the act stays in the log, the text is gone.
  (db) => {
    db.exec(`
      CREATE TABLE messages (game_id TEXT NOT NULL REFERENCES games(id), number INTEGER NOT NULL, channel TEXT NOT NULL, person TEXT NOT NULL,
        user_id TEXT REFERENCES users(id), body TEXT, created_at INTEGER NOT NULL, edited_at INTEGER, deleted INTEGER NOT NULL DEFAULT 0,
        redacted_by TEXT, redacted_reason TEXT, PRIMARY KEY (game_id, number)) WITHOUT ROWID;
      CREATE INDEX messages_by_channel ON messages (game_id, channel, number);
      INSERT INTO messages (game_id, number, channel, person, user_id, body, created_at)
        SELECT p.game_id, ROW_NUMBER() OVER (PARTITION BY p.game_id ORDER BY p.id), 'general', COALESCE(m.player_id, p.user_id), p.user_id, p.body, p.created_at
        FROM posts p LEFT JOIN memberships m ON m.game_id = p.game_id AND m.user_id = p.user_id;
      DROP TABLE posts;
    `);
  },
  // Sign-in attempts per account (src/server/sign-in-throttle.ts), kept so that a restart forgives none:
  // when each account's bucket will have drained. The key is the username in lower case, account or not.
  (db) => {
    db.exec(`
      CREATE TABLE sign_in_failures (account TEXT PRIMARY KEY, clear_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX sign_in_failures_by_time ON sign_in_failures (clear_at);
    `);
  },
  // Accounts closed by their owners, and what device each session is on (its browser's words).
  // Mail (src/server/mail): an account's address, verified by a link; single-use links (verify,
  // reset) kept hashed; the server's own keys; what each player was last told the game awaits
  // of them, up to which act (src/server/notify/duties.ts); what each account asks to be told; the
  // outbox, which survives a crash between an act and its mail; each player's address for playing
  // a game by mail (src/server/mail/play-addresses.ts), and the mails already acted on.
  (db) => {
    db.exec(`
      ALTER TABLE users ADD COLUMN email TEXT;
      ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
      ALTER TABLE users ADD COLUMN email_failing_at INTEGER;
      ALTER TABLE users ADD COLUMN closed_at INTEGER;
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      CREATE UNIQUE INDEX users_by_verified_email ON users (email COLLATE NOCASE) WHERE email_verified_at IS NOT NULL;
      CREATE TABLE account_links (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), purpose TEXT NOT NULL,
        address TEXT, expires_at INTEGER NOT NULL, used_at INTEGER) WITHOUT ROWID;
      CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE awaited (game_id TEXT NOT NULL REFERENCES games(id), player_id TEXT NOT NULL, key TEXT NOT NULL, since INTEGER NOT NULL,
        due INTEGER, until INTEGER, reminded INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, player_id, key)) WITHOUT ROWID;
      CREATE INDEX awaited_by_until ON awaited (until) WHERE until IS NOT NULL AND reminded = 0;
      CREATE TABLE notified (game_id TEXT PRIMARY KEY REFERENCES games(id), seq INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
      CREATE TABLE outcomes_told (game_id TEXT NOT NULL REFERENCES games(id), key TEXT NOT NULL, PRIMARY KEY (game_id, key)) WITHOUT ROWID;
      CREATE TABLE notification_settings (user_id TEXT NOT NULL REFERENCES users(id), game_id TEXT NOT NULL, settings TEXT NOT NULL,
        PRIMARY KEY (user_id, game_id)) WITHOUT ROWID;
      CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT REFERENCES users(id), address TEXT NOT NULL, mail TEXT NOT NULL,
        created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL, sent_at INTEGER, gave_up_at INTEGER, last_error TEXT);
      CREATE INDEX outbox_due ON outbox (next_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;
      CREATE TABLE play_addresses (user_id TEXT NOT NULL REFERENCES users(id), game_id TEXT NOT NULL REFERENCES games(id), generation INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (user_id, game_id)) WITHOUT ROWID;
      CREATE TABLE mail_seen (message_id TEXT PRIMARY KEY, seen_at INTEGER NOT NULL) WITHOUT ROWID;
    `);
  },
  // The last act each player has seen of each game (src/server/seen.ts), so that their page says
  // what is new since, on whichever device they look next. NULL: they have not looked yet.
  (db) => {
    db.exec("ALTER TABLE memberships ADD COLUMN seen_seq INTEGER;");
  },
  // The browsers each account is notified in by Web Push (src/server/push), and the pushes not
  // yet taken by their push service; notifications held for a player's daily digest (src/server/mail/digests.ts); each game's
  // weekly reports (src/server/mail/weekly-reports.ts).
  (db) => {
    db.exec(`
      CREATE TABLE push_subscriptions (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL REFERENCES users(id), endpoint TEXT NOT NULL UNIQUE,
        p256dh TEXT NOT NULL, auth TEXT NOT NULL, session_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
      CREATE INDEX push_subscriptions_by_session ON push_subscriptions (session_hash);
      CREATE TABLE push_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id),
        tag TEXT NOT NULL, payload TEXT NOT NULL, created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL);
      CREATE INDEX push_outbox_due ON push_outbox (next_at);
      CREATE INDEX push_outbox_by_subscription ON push_outbox (subscription_id, tag);
      -- A browser is notified while the session it subscribed in lasts (signed out, ended, expired:
      -- no more), and a subscription gone takes its queued pushes with it, however it went.
      CREATE TRIGGER push_ends_with_session AFTER DELETE ON sessions BEGIN
        DELETE FROM push_subscriptions WHERE session_hash = OLD.token_hash;
      END;
      CREATE TRIGGER push_queue_ends_with_subscription AFTER DELETE ON push_subscriptions BEGIN
        DELETE FROM push_outbox WHERE subscription_id = OLD.id;
      END;
      CREATE TABLE digest_items (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL REFERENCES users(id), game_id TEXT NOT NULL,
        game_name TEXT NOT NULL, hour INTEGER NOT NULL, notice TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX digest_items_by_user ON digest_items (user_id);
      CREATE TABLE weekly_reports (game_id TEXT PRIMARY KEY REFERENCES games(id), weekday INTEGER NOT NULL, hour INTEGER NOT NULL, last_due INTEGER NOT NULL,
        sent_at INTEGER) WITHOUT ROWID;
    `);
  },
  // Invitations a group controls (src/server/routes/game-settings.ts): whether a game takes new
  // players by its link (open, closed, or on its creator's approval), the requests awaiting that
  // approval, and the links it replaced, so that an old link is refused in words.
  (db) => {
    db.exec(`
      ALTER TABLE game_settings ADD COLUMN joining TEXT NOT NULL DEFAULT 'open';
      CREATE TABLE retired_invites (code TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id), retired_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE join_requests (game_id TEXT NOT NULL REFERENCES games(id), user_id TEXT NOT NULL REFERENCES users(id), as_observer INTEGER NOT NULL,
        requested_at INTEGER NOT NULL, PRIMARY KEY (game_id, user_id)) WITHOUT ROWID;
    `);
  },
];
