// `npm run build` makes one executable with the snapshot inside; it serves all three hosts on its own.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, existsSync, statSync } from "node:fs";
import { Database } from "bun:sqlite";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runToEnd, spawnService, type Running } from "../../scripts/lib/service-process.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-exe-"));
const KEY = "exe-test-key-0123456789abcdef";
let running: Running;

beforeAll(async () => {
  const build = await runToEnd([process.execPath, "scripts/build-executable.ts"], {});
  expect(build.code).toBe(0);
  expect(existsSync("build/workforce-api")).toBe(true);
  // Run from an empty folder with no SNAPSHOT_PATH: the data can only come from inside the binary.
  const env = { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(dir, "state.sqlite"), SNAPSHOT_PATH: "" };
  running = await spawnService([resolve("build/workforce-api")], env);
}, 120_000);
afterAll(() => {
  running?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

const call = (host: string, path: string) => fetch(`http://127.0.0.1:${running.port}${path}`, { headers: { host, "x-api-key": KEY } });

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
  const second = await spawnService([resolve("build/workforce-api")], { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(dir, "state.sqlite"), SNAPSHOT_PATH: "" });
  second.proc.kill();
  expect(statSync(unpacked).mtimeMs).toBe(before);
});

test("salary host answers its OpenAPI document and the error envelope", async () => {
  expect((await (await call("salary.localhost", "/openapi.json")).json()).openapi).toBe("3.1.0");
  const res = await call("salary.localhost", "/api/v1/nothing-here");
  expect(res.status).toBe(404);
  expect((await res.json()).error.request_id).toBe(res.headers.get("x-request-id"));
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
