// `npm run build` makes one executable with the snapshot inside; it serves all three hosts on its own.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, rmSync, existsSync, statSync } from "node:fs";
import { Database } from "bun:sqlite";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runToEnd, spawnService, type Running } from "../../scripts/lib/service-process.ts";
import { alteredSnapshot } from "../support/altered-snapshot.ts";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-exe-"));
const KEY = "exe-test-key-0123456789abcdef";
let running: Running;

beforeAll(async () => {
  const build = await runToEnd([process.execPath, "scripts/build-executable.ts"], {});
  expect(build.code).toBe(0);
  expect(existsSync("build/workforce-api")).toBe(true);
  // Run from an empty folder with no SNAPSHOT_PATH: the data can only come from inside the binary.
  const env = { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(dir, "state.sqlite"), SNAPSHOT_PATH: "", KEY_CACHE_TTL_MS: "0" };
  running = await spawnService([resolve("build/workforce-api")], env);
}, 240_000); // may build the altered snapshot (a full build) and compile the executable
afterAll(() => {
  running?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

const call = (host: string, path: string) =>
  fetch(`http://127.0.0.1:${running.port}${path}`, { headers: { host, "x-api-key": KEY } });

test("skills host answers from the embedded snapshot", async () => {
  const body = await (await call("skills.localhost", "/api/v1/occupations?page_size=1")).json();
  expect(body.data.total).toBeGreaterThan(1000);
});

test("cost host answers from the embedded snapshot", async () => {
  const body = await (await call("cost.localhost", "/api/v1/cpi/categories")).json();
  expect(body.data[0].category_code).toBe("SA0");
});

test("the embedded snapshot is unpacked once beside STATE_DB, named by its snapshot_id, and reused on the next start", async () => {
  const db = new Database("build/snapshot.sqlite", { readonly: true });
  const id = (db.query("SELECT value FROM meta WHERE key = 'snapshot_id'").get() as { value: string }).value;
  db.close();
  const unpacked = join(dir, `snapshot-${id}.sqlite`);
  expect(statSync(unpacked).size).toBe(statSync("build/snapshot.sqlite").size);
  const before = statSync(unpacked).mtimeMs;
  const second = await spawnService([resolve("build/workforce-api")], {
    BOOTSTRAP_API_KEY: KEY,
    STATE_DB: join(dir, "state.sqlite"),
    SNAPSHOT_PATH: "",
  });
  second.proc.kill();
  expect(statSync(unpacked).mtimeMs).toBe(before);
});

test("salary host answers its OpenAPI document and the error envelope", async () => {
  expect((await (await call("salary.localhost", "/openapi.json")).json()).openapi).toBe("3.1.0");
  const res = await call("salary.localhost", "/api/v1/nothing-here");
  expect(res.status).toBe(404);
  expect((await res.json()).error.request_id).toBe(res.headers.get("x-request-id"));
});

test("runs with Bun's header cap raised to 64 KiB (its embedded flags): a 20 KiB URL gets the API's 414 envelope", async () => {
  const res = await call("skills.localhost", `/api/v1/skills/search?q=${"a".repeat(20_000)}`);
  expect(res.status).toBe(414);
  expect((await res.json()).error.code).toBe("URI_TOO_LONG");
});

test("serves the explorer from inside the binary: copied alone into an empty folder, its page and every asset answer", async () => {
  const alone = mkdtempSync(join(tmpdir(), "wf-exe-alone-"));
  copyFileSync("build/workforce-api", join(alone, "workforce-api"));
  chmodSync(join(alone, "workforce-api"), 0o755);
  const only = await spawnService(
    [join(alone, "workforce-api")],
    { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(alone, "state.sqlite"), SNAPSHOT_PATH: "" },
    20_000,
    false,
    alone,
  );
  try {
    const page = await fetch(`http://127.0.0.1:${only.port}/explore/salary`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/explore\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBe(2); // the script and the stylesheet; the chunks they load on demand follow
    const built = readdirSync("build/explorer").filter((f) => f !== "index.html");
    expect(built.length).toBeGreaterThan(2);
    for (const name of built) {
      const res = await fetch(`http://127.0.0.1:${only.port}/explore/assets/${name}`);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(statSync(join("build/explorer", name)).size);
    }
    expect(assets.every((a) => built.includes(a.split("/").at(-1)!))).toBe(true);
    // Nothing was unpacked for the explorer: the folder holds the binary, its state and the unpacked snapshot only.
    expect(
      readdirSync(alone).filter(
        (f) => !/^(workforce-api|state\.sqlite(-wal|-shm)?|snapshot-[0-9a-f]+\.sqlite)$/.test(f),
      ),
    ).toEqual([]);
  } finally {
    only.proc.kill();
    rmSync(alone, { recursive: true, force: true });
  }
});

test("`workforce-api healthcheck` exits 0 while the service is ready and 1 when nothing answers on PORT", async () => {
  const ok = await runToEnd([resolve("build/workforce-api"), "healthcheck"], { PORT: String(running.port) });
  expect(ok.code).toBe(0);
  const idle = Bun.serve({ port: 0, fetch: () => new Response("") });
  const free = idle.port;
  idle.stop(true);
  const down = await runToEnd([resolve("build/workforce-api"), "healthcheck"], { PORT: String(free) });
  expect(down.code).toBe(1);
  expect(down.stderr).toContain(`no answer from 127.0.0.1:${free}`);
});

test("`workforce-api keys` creates, lists and revokes keys in the running service's STATE_DB", async () => {
  const keys = (...args: string[]) =>
    runToEnd([resolve("build/workforce-api"), "keys", ...args], { STATE_DB: join(dir, "state.sqlite") });
  const created = await keys("create", "--tier", "free", "--scopes", "skills:read", "--name", "from the executable");
  expect(created.code).toBe(0);
  const id = created.stdout.match(/created (key_[0-9a-f]+)/)![1]!;
  const key = created.stdout.match(/store it now\): (\S+)/)![1]!;
  const as = (host: string, path: string) =>
    fetch(`http://127.0.0.1:${running.port}${path}`, { headers: { host, "x-api-key": key } });
  expect((await as("skills.localhost", "/api/v1/occupations?page_size=1")).status).toBe(200);
  expect((await as("salary.localhost", "/api/v1/salary?job_title=Nurse&location=US")).status).toBe(403); // scope it was not given
  expect((await keys("list")).stdout).toContain(`${id}\tfree\tskills:read`);
  expect((await keys("revoke", id)).stdout).toContain(`revoked ${id}`);
  expect((await as("skills.localhost", "/api/v1/occupations?page_size=1")).status).toBe(401);
  expect((await keys("revoke", id)).code).toBe(1); // already revoked
});

test("the executable refuses an unknown command or keys option with its usage and exit code 2", async () => {
  const unknown = await runToEnd([resolve("build/workforce-api"), "srve"], {});
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("unknown command: srve");
  expect(unknown.stderr).toContain("workforce-api keys create|list|revoke");
  const badTier = await runToEnd(
    [resolve("build/workforce-api"), "keys", "create", "--tier", "gold", "--scopes", "skills:read"],
    { STATE_DB: join(dir, "state.sqlite") },
  );
  expect(badTier.code).toBe(2);
  expect(badTier.stderr).toContain("--tier");
  expect(badTier.stderr).toContain("workforce-api keys create --tier free|pro|enterprise");
});

test("start-up failures are one line naming the cause and the fix, exit 2: a taken port, a bad variable", async () => {
  const env = { STATE_DB: join(dir, "state.sqlite"), SNAPSHOT_PATH: "", LISTEN_ADDRESS: "127.0.0.1" };
  const taken = await runToEnd([resolve("build/workforce-api")], { ...env, PORT: String(running.port) });
  expect(taken.code).toBe(2);
  expect(taken.stderr.trim()).toBe(
    `workforce-api: port ${running.port} on 127.0.0.1 is already in use by another process; stop that process or set PORT to a free port`,
  );
  const bad = await runToEnd([resolve("build/workforce-api")], { ...env, WORKERS: "lots" });
  expect(bad.code).toBe(2);
  expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  expect(bad.stderr).toContain('WORKERS is a whole number from 1 to 64, or "auto" (it is "lots")');
});

test("a newer snapshot placed beside the executable is served after SIGHUP; removed, the embedded one comes back", async () => {
  const alone = mkdtempSync(join(tmpdir(), "wf-exe-swap-"));
  copyFileSync("build/workforce-api", join(alone, "workforce-api"));
  chmodSync(join(alone, "workforce-api"), 0o755);
  const [embedded, newer] = [readSnapshotInfo("build/snapshot.sqlite").snapshotId, await alteredSnapshot()];
  const env = { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(alone, "var", "state.sqlite"), SNAPSHOT_PATH: "" };
  const svc = await spawnService([join(alone, "workforce-api")], env, 20_000, false, alone);
  const base = `http://127.0.0.1:${svc.port}`;
  const servedId = async () => (await (await fetch(`${base}/healthz`)).json()).snapshot_id;
  const until = async (id: string) => {
    for (const deadline = Date.now() + 15_000; (await servedId()) !== id && Date.now() < deadline; )
      await Bun.sleep(50);
    return servedId();
  };
  try {
    expect(await servedId()).toBe(embedded);
    copyFileSync(newer.path, join(alone, "2026-12.sqlite"));
    svc.proc.kill("SIGHUP");
    expect(await until(newer.snapshotId)).toBe(newer.snapshotId);
    const answer = await fetch(`${base}/api/v1/cpi/categories`, {
      headers: { host: "cost.localhost", "x-api-key": KEY },
    });
    expect(answer.headers.get("x-snapshot-id")).toBe(newer.snapshotId);
    // A restart keeps serving the newer file beside it.
    svc.proc.kill();
    await svc.proc.exited;
    const again = await spawnService([join(alone, "workforce-api")], env, 20_000, false, alone);
    try {
      expect((await (await fetch(`http://127.0.0.1:${again.port}/healthz`)).json()).snapshot_id).toBe(newer.snapshotId);
      rmSync(join(alone, "2026-12.sqlite"));
      const back = await fetch(`http://127.0.0.1:${again.port}/admin/snapshot/reload`, {
        method: "POST",
        headers: { "x-api-key": KEY },
      });
      expect((await back.json()).data).toMatchObject({
        outcome: "swapped",
        snapshot_id: embedded,
        previous_snapshot_id: newer.snapshotId,
      });
    } finally {
      again.proc.kill();
    }
  } finally {
    svc.proc.kill();
    rmSync(alone, { recursive: true, force: true });
  }
}, 120_000);
