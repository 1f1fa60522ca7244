// The writable state database (API keys and daily usage). Separate from the read-only snapshot.
import { StartupError } from "../startup-error.ts";
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

const STATE_DDL = `
CREATE TABLE IF NOT EXISTS api_key (
  id TEXT PRIMARY KEY,            -- public identifier shown by 'keys list' and in logs
  lookup TEXT NOT NULL UNIQUE,    -- first 16 hex of sha256(key): finds the row without scanning
  hash TEXT NOT NULL,             -- sha256(key), compared in constant time
  name TEXT,
  tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  scopes TEXT NOT NULL,           -- comma-separated
  daily_limit INTEGER,            -- null: the tier's default
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS key_usage (
  key_id TEXT NOT NULL, day TEXT NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (key_id, day)
) WITHOUT ROWID;
`;

/**
 * Opens (creating if needed) the state database. A file that cannot be written (read-only, not a database, a
 * directory) stops start-up with a message naming it. busyTimeoutMs: how long a write waits for another
 * process's lock before the request is answered 503.
 */
export function openStateDb(path: string, busyTimeoutMs = 5000): Database {
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path, { create: true, strict: true });
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)};`);
    // Switching to WAL and creating the tables take locks that another process opening the same new file (workers
    // starting together) may hold. A busy timeout does not wait out every such refusal (one that read the empty
    // schema before another created the tables is refused at once when it writes): tried again until it passes.
    const deadline = Date.now() + busyTimeoutMs;
    for (;;) {
      try {
        db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;");
        db.exec(STATE_DDL);
        break;
      } catch (err) {
        if (!/locked|busy/i.test((err as Error).message) || Date.now() > deadline) throw err;
        Bun.sleepSync(5);
      }
    }
    return db;
  } catch (err) {
    throw new StartupError(
      `cannot open the state database ${path} for writing (${(err as Error).message}). Set STATE_DB to a writable file.`,
    );
  }
}
