// POST /admin/snapshot/reload and X-Snapshot-Id: who may reload, what a reload answers for a good, an unchanged
// and a bad file, and that every kind of response names its snapshot. The swap under load is
// test/process/snapshot-swap.test.ts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  closeSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { startTestServer, type TestServer } from "../support/server.ts";
import { SCOPES } from "../../src/state/api-keys.ts";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";

const folder = resolve(`build/test/admin-${process.pid}`); // beside build/snapshot.sqlite: hard links need one file system
const A = resolve("build/snapshot.sqlite");
let s: TestServer;
let idA: string;

beforeAll(() => {
  mkdirSync(folder, { recursive: true });
  linkSync(A, join(folder, "current.sqlite"));
  idA = readSnapshotInfo(A).snapshotId;
  // The state database sits in the snapshot folder too: it is a SQLite file, but not a snapshot, and is passed over.
  s = startTestServer({ SNAPSHOT_DIR: folder, STATE_DB: join(folder, "state.sqlite") });
});
afterAll(async () => {
  await s.stop();
  rmSync(folder, { recursive: true, force: true });
});

const reload = (key: string | null = undefined as unknown as string, method = "POST") =>
  s.call("salary", "/admin/snapshot/reload", { method, key });

test("an unchanged folder: 200, outcome unchanged, the snapshot named", async () => {
  const res = await reload();
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.data).toEqual({
    outcome: "unchanged",
    snapshot_id: idA,
    previous_snapshot_id: idA,
    path: join(folder, "current.sqlite"),
    reason: null,
    passed_over: [],
  });
  expect(body.metadata.request_id).toBe(res.headers.get("x-request-id")!);
});

test("the route answers on every host and through a path prefix", async () => {
  for (const host of ["cost", "skills", "unknown.example"])
    expect((await s.call(host, "/admin/snapshot/reload", { method: "POST" })).status).toBe(200);
  expect((await s.call("salary", "/salary/admin/snapshot/reload", { method: "POST" })).status).toBe(404); // only at the root
});

test("security: no key 401, a pro key 403 TIER_REQUIRED, an enterprise key without snapshot:admin 403 INSUFFICIENT_SCOPE", async () => {
  expect((await (await reload(null)).json()).error.code).toBe("INVALID_API_KEY");
  const pro = await reload(s.key("pro", [...SCOPES]));
  expect(pro.status).toBe(403);
  expect((await pro.json()).error.code).toBe("TIER_REQUIRED");
  const noScope = await reload(
    s.key(
      "enterprise",
      SCOPES.filter((x) => x !== "snapshot:admin"),
    ),
  );
  expect(noScope.status).toBe(403);
  expect((await noScope.json()).error).toMatchObject({
    code: "INSUFFICIENT_SCOPE",
    message: expect.stringContaining("snapshot:admin"),
  });
});

test("GET is 405 with Allow: POST", async () => {
  const res = await reload(undefined as unknown as string, "GET");
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toBe("POST");
});

test("a damaged file in the folder is passed over, named in the answer, and the old snapshot keeps answering", async () => {
  const bad = join(folder, "newer.sqlite");
  writeFileSync(bad, "not a database, but the newest file in the folder");
  try {
    const res = await reload();
    expect(res.status).toBe(200);
    const data = (await res.json()).data;
    expect(data).toMatchObject({ outcome: "unchanged", snapshot_id: idA });
    expect(data.passed_over).toEqual([{ path: bad, reason: expect.stringContaining("file is not a database") }]);
    const health = await s.call("salary", "/healthz", { key: null });
    expect((await health.json()).snapshot_id).toBe(idA);
    expect((await s.call("cost", "/api/v1/cpi/categories")).status).toBe(200);
  } finally {
    rmSync(bad);
  }
  expect((await (await reload()).json()).data.passed_over).toEqual([]);
});

test("a newer build damaged inside (its meta reads, its pages do not) is refused with 422 SNAPSHOT_REFUSED", async () => {
  const damaged = join(folder, "damaged.sqlite");
  copyFileSync(A, damaged);
  const edit = new Database(damaged);
  edit.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('built_at', ?), ('snapshot_id', 'damagedcopy00000')", [
    new Date(Date.now() + 60_000).toISOString(),
  ]);
  edit.close();
  // Overwrite 4 MB in the middle of the file: what a bad disk or an interrupted copy over the old file leaves.
  const fd = openSync(damaged, "r+");
  writeSync(fd, new Uint8Array(4 * 1024 * 1024).fill(0xa5), 0, 4 * 1024 * 1024, Math.floor(statSync(damaged).size / 2));
  closeSync(fd);
  try {
    const res = await reload();
    expect(res.status).toBe(422);
    const error = (await res.json()).error;
    expect(error.code).toBe("SNAPSHOT_REFUSED");
    expect(error.message).toContain(damaged);
    expect(error.suggestion).toContain(idA);
    expect((await (await s.call("salary", "/healthz", { key: null })).json()).snapshot_id).toBe(idA);
  } finally {
    rmSync(damaged);
  }
});

test("an older file placed later does not replace a newer build: builds are ranked by their built_at, not by file time", async () => {
  const older = join(folder, "older.sqlite");
  linkSync(A, older);
  const db = new Database(join(folder, "older-copy.sqlite"), { create: true });
  db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  db.run(
    "INSERT INTO meta VALUES ('snapshot_id', 'olderbuild000000'), ('schema_version', '11'), ('built_at', '2001-01-01T00:00:00.000Z')",
  );
  db.close();
  utimesSync(join(folder, "older-copy.sqlite"), new Date(), new Date(Date.now() + 60_000)); // the newest file by time
  try {
    expect((await (await reload()).json()).data).toMatchObject({ outcome: "unchanged", snapshot_id: idA });
  } finally {
    rmSync(older);
    rmSync(join(folder, "older-copy.sqlite"));
  }
});

test("every response names its snapshot in X-Snapshot-Id: answers, errors, health, docs and the explorer", async () => {
  const responses = [
    await s.call("cost", "/api/v1/cpi/categories"),
    await s.call("skills", "/api/v1/occupations/99-9999.00/skills"),
    await s.call("salary", "/api/v1/salary", { key: null }),
    await s.call("salary", "/healthz", { key: null }),
    await s.call("salary", "/readyz", { key: null }),
    await s.call("salary", "/docs", { key: null }),
    await s.call("salary", "/", { key: null }),
    await s.call("nowhere.example", "/api/v1/salary"),
  ];
  expect(responses.map((r) => r.headers.get("x-snapshot-id"))).toEqual(responses.map(() => idA));
});
