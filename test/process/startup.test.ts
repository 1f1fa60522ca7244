// Start-up refuses a missing, foreign or corrupt snapshot with a message that names the command to build one.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const start = (snapshot: string) =>
  runToEnd([process.execPath, "src/main.ts"], {
    SNAPSHOT_PATH: snapshot,
    STATE_DB: join(dir, "state.sqlite"),
    PORT: "0",
  });

describe("snapshot faults stop start-up", () => {
  test("missing file", async () => {
    const r = await start(join(dir, "absent.sqlite"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("snapshot not found");
    expect(r.stderr).toContain("npm run data");
  });

  test("another schema version", async () => {
    const path = join(dir, "old.sqlite");
    const db = new Database(path, { create: true });
    db.exec(
      "CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('schema_version', '0'), ('snapshot_id', 'x');",
    );
    db.close();
    const r = await start(path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("schema version 0");
    expect(r.stderr).toContain("npm run data");
  });

  test("not a database at all", async () => {
    const path = join(dir, "garbage.sqlite");
    writeFileSync(path, "this is not sqlite".repeat(100));
    const r = await start(path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not readable");
  });

  test("bad configuration: one line naming the variable, what it must be and what it is; exit 2", async () => {
    const r = await runToEnd([process.execPath, "src/main.ts"], { PORT: "not-a-port" });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'workforce-api: PORT must be a number (it is "not-a-port"); fix the environment variable (docs/configuration.md)',
    );
  });

  test("a port another process holds: one line naming the port and the fix; exit 2", async () => {
    const holder = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    try {
      const r = await runToEnd([process.execPath, "src/main.ts"], {
        PORT: String(holder.port),
        LISTEN_ADDRESS: "127.0.0.1",
        STATE_DB: join(dir, "port-state.sqlite"),
      });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(
        `workforce-api: port ${holder.port} on 127.0.0.1 is already in use by another process; stop that process or set PORT to a free port`,
      );
    } finally {
      holder.stop(true);
    }
  });
});
