// The writable state database (API keys and daily usage). Separate from the read-only snapshot.
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

export function openStateDb(path: string): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
  db.exec(STATE_DDL);
  return db;
}
