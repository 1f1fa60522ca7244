// State-database faults: a file that cannot be written stops start-up with a message naming it; a lock held
// by another process past STATE_BUSY_TIMEOUT_MS gives 503 envelopes, then service resumes with nothing corrupted.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { startTestServer } from "../support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-state-"));
afterAll(() => {
  Bun.spawnSync(["chattr", "-R", "-i", dir]);
  rmSync(dir, { recursive: true, force: true });
});
const start = (stateDb: string) =>
  runToEnd([process.execPath, "src/main.ts"], {
    STATE_DB: stateDb,
    PORT: "0",
    BOOTSTRAP_API_KEY: "state-fault-key-0123456789",
  });

describe("a state database that cannot be written stops start-up", () => {
  test("read-only (immutable file and folder)", async () => {
    const folder = join(dir, "ro");
    mkdirSync(folder);
    const path = join(folder, "state.sqlite");
    const db = new Database(path, { create: true });
    db.exec("CREATE TABLE t (x); PRAGMA journal_mode = DELETE;");
    db.close();
    // Root ignores permission bits; the immutable attribute (ext4) binds root too.
    const locked = Bun.spawnSync(["chattr", "+i", path, folder]);
    if (locked.exitCode !== 0) throw new Error(`chattr is needed for this test: ${locked.stderr.toString()}`);
    const r = await start(path);
    Bun.spawnSync(["chattr", "-i", path, folder]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot open the state database ${path} for writing`);
    expect(r.stderr).toContain("readonly");
    expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  test("not a database", async () => {
    const path = join(dir, "garbage.sqlite");
    writeFileSync(path, "not sqlite at all ".repeat(200));
    const r = await start(path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot open the state database ${path}`);
    expect(r.stderr).toContain("not a database");
  });

  test("a folder where the file should be", async () => {
    const path = join(dir, "folder.sqlite");
    mkdirSync(path);
    const r = await start(path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot open the state database ${path}`);
  });
});

describe("a state database locked by another process", () => {
  test("503 envelopes while the lock is held past the busy timeout; afterwards 200 and an intact file", async () => {
    const s = startTestServer({ STATE_BUSY_TIMEOUT_MS: "100" });
    try {
      const key = s.key("pro", ["skills:read"], 20); // small limit: one quota unit per reservation, so every request writes
      expect((await s.call("skills", "/api/v1/skills", { key })).status).toBe(200);
      const other = new Database(s.config.STATE_DB);
      other.exec("BEGIN EXCLUSIVE");
      const during = await s.call("skills", "/api/v1/skills", { key });
      other.exec("ROLLBACK");
      expect(during.status).toBe(503);
      const body = await during.json();
      expect(body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
      expect(body.error.request_id).toBe(during.headers.get("x-request-id"));
      expect(JSON.stringify(body)).not.toContain(s.config.STATE_DB);

      const after = await s.call("skills", "/api/v1/skills", { key });
      expect(after.status).toBe(200);
      // The refused request was not counted: 20 − 2 admitted.
      expect(after.headers.get("ratelimit-remaining")).toBe("18");
      expect(other.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      other.close();
    } finally {
      await s.stop();
    }
  });
});

describe("processes opening one new state database together (workers starting)", () => {
  test("all open it: 10 rounds of 4 processes on a fresh file", async () => {
    const stateDbModule = join(import.meta.dir, "../../src/state/state-db.ts");
    let failures: string[] = [];
    for (let round = 0; round < 10; round++) {
      const path = join(mkdtempSync(join(dir, "race-")), "state.sqlite");
      const code = `import { openStateDb } from ${JSON.stringify(stateDbModule)}; openStateDb(${JSON.stringify(path)});`;
      const procs = Array.from({ length: 4 }, () =>
        Bun.spawn([process.execPath, "-e", code], { stdout: "ignore", stderr: "pipe" }),
      );
      for (const p of procs) if ((await p.exited) !== 0) failures.push(await new Response(p.stderr).text());
    }
    // The error's own lines, not the source excerpt Bun prints above them.
    failures = failures.map((f) =>
      f
        .split("\n")
        .filter((line) => /error/i.test(line))
        .join(" | ")
        .slice(0, 300),
    );
    expect(failures).toEqual([]);
  });
});
