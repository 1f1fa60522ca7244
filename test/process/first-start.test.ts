// A first start without data: no snapshot and no publisher files. The README's first command must say what it looked
// for and the ways forward (exit 2, no stack trace); a snapshot already in place is served without a mirror.
import { expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-first-start-"));
const noMirror = join(dir, "no-such-mirror");

test("`npm run data:if-stale` without a mirror or a snapshot names both and the three ways forward, exit 2", async () => {
  const r = await runToEnd([process.execPath, "scripts/snapshot/build.ts", "--if-stale"], {
    DATA_MIRROR: noMirror,
    SNAPSHOT_PATH: join(dir, "none.sqlite"),
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(noMirror);
  expect(r.stderr).toContain(join(dir, "none.sqlite"));
  for (const way of ["DATA_MIRROR", "npm run data -- --download", "DATA_CONTACT", "SNAPSHOT_PATH", "SNAPSHOT_DIR"])
    expect(r.stderr).toContain(way);
  expect(r.stderr).not.toMatch(/^\s+at /m); // no stack trace
});

test("a snapshot already in place is kept when there is no mirror to rebuild it from", async () => {
  const placed = join(dir, "placed.sqlite");
  copyFileSync(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", placed);
  const r = await runToEnd([process.execPath, "scripts/snapshot/build.ts", "--if-stale"], {
    DATA_MIRROR: noMirror,
    SNAPSHOT_PATH: placed,
  });
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("serving the snapshot already");
});

test("the service started without a snapshot says where it looked and the ways to get one, exit 2", async () => {
  const r = await runToEnd([process.execPath, "src/main.ts"], {
    SNAPSHOT_PATH: join(dir, "none.sqlite"),
    STATE_DB: join(dir, "state.sqlite"),
    PORT: "0",
  });
  expect(r.code).toBe(2);
  for (const way of ["snapshot not found", "DATA_MIRROR", "--download", "SNAPSHOT_PATH"])
    expect(r.stderr).toContain(way);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  rmSync(dir, { recursive: true, force: true });
});
