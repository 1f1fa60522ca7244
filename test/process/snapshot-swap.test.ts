// Swapping snapshots under load: a real service process answers every route's examples on all three hosts from
// several concurrent clients while its snapshot is swapped five times between two real builds (SIGHUP and the
// admin route in turn), then offered a corrupt file. Every answer must be a 200 whose body is exactly what a
// service that only ever served the snapshot named in its X-Snapshot-Id gives; the corrupt file must be refused
// while answers continue; memory must come back to where it was.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";
import { spawnService, type Running } from "../../scripts/lib/service-process.ts";
import { ROUTES, requestOf } from "../support/routes.ts";
import { alteredSnapshot } from "../support/altered-snapshot.ts";

const KEY = "swap-test-key-0123456789abcdef";
const HOSTS = { salary: "salary.localhost", cost: "cost.localhost", skills: "skills.localhost" } as const;
const dir = resolve(`build/test/swap-${process.pid}`); // beside build/: hard links need the same file system
const live = join(dir, "live.sqlite");
// E4–E6 answer 410 by default since 2026-09-01; served, their answers are compared across swaps like the others.
const SERVE_LEGACY = { EU_LEGACY_ENDPOINTS: "on" };

const REQUESTS = ROUTES.flatMap(({ host, route }) =>
  route.examples.map((example, i) => {
    const r = requestOf(route, example);
    return {
      name: `${route.id} example ${i + 1}: ${route.method} ${r.url}`,
      host,
      url: r.url,
      init: { method: route.method, body: r.body, headers: { host: HOSTS[host], "x-api-key": KEY, ...r.headers } },
    };
  }),
);
type Req = (typeof REQUESTS)[number];

/** The part of an answer that depends on the snapshot: salary answers whole, cost and skills answers' data. */
const servedPart = (req: Req, text: string) =>
  JSON.stringify(req.host === "salary" ? JSON.parse(text) : JSON.parse(text).data);

const snapshotIdOf = (path: string) => readSnapshotInfo(path).snapshotId;

/** Put a snapshot at the served path the way an operator should: a new name, then one rename over the old. */
function place(source: string) {
  rmSync(`${live}.tmp`, { force: true });
  linkSync(source, `${live}.tmp`);
  renameSync(`${live}.tmp`, live);
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
/** RSS moves with the collector's and the allocator's timing: the median of samples over two seconds, taken
 * while the clients pause (before and after the swaps alike), so in-flight garbage is not what is measured. */
async function steadyRssKb(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 9; i++) {
    samples.push(rssKb(pid));
    await Bun.sleep(250);
  }
  return samples.sort((a, b) => a - b)[4];
}

/** The files the process holds open at the served path (a replaced one reads "… (deleted)"). */
const openAtLive = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return "";
      }
    })
    .filter((target) => target.startsWith(live));

/** Wait for a condition the service reaches in its own time (a check on a worker, a generation's last request). */
async function until(condition: () => boolean, ms = 15_000) {
  for (const deadline = Date.now() + ms; !condition() && Date.now() < deadline; ) await Bun.sleep(50);
}

const A = resolve("build/snapshot.sqlite");
let B: string;
let idA: string, idB: string;
const expected = new Map<string, Map<string, string>>(); // snapshot id → request name → served part
let svc: Running;
let stderr = "";

/** Every request once against a service that only ever serves `snapshot`. */
async function referenceAnswers(snapshot: string): Promise<Map<string, string>> {
  const ref = await spawnService([process.execPath, "src/main.ts"], {
    SNAPSHOT_PATH: snapshot,
    STATE_DB: join(dir, `ref-${snapshotIdOf(snapshot)}.sqlite`),
    BOOTSTRAP_API_KEY: KEY,
    ACCESS_LOG: "0",
    ...SERVE_LEGACY,
  });
  const answers = new Map<string, string>();
  try {
    for (const req of REQUESTS) {
      const res = await fetch(`http://127.0.0.1:${ref.port}${req.url}`, req.init);
      expect({ name: req.name, status: res.status }).toEqual({ name: req.name, status: 200 });
      answers.set(req.name, servedPart(req, await res.text()));
    }
  } finally {
    ref.proc.kill();
    await ref.proc.exited;
  }
  return answers;
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  B = (await alteredSnapshot()).path;
  [idA, idB] = [snapshotIdOf(A), snapshotIdOf(B)];
  expected.set(idA, await referenceAnswers(A));
  expected.set(idB, await referenceAnswers(B));
  place(A);
  svc = await spawnService(
    [process.execPath, "src/main.ts"],
    {
      SNAPSHOT_PATH: live,
      STATE_DB: join(dir, "state.sqlite"),
      BOOTSTRAP_API_KEY: KEY,
      ACCESS_LOG: "0",
      ...SERVE_LEGACY,
    },
    20_000,
    true,
  );
  void svc.proc.stdout.pipeTo(new WritableStream()).catch(() => {});
  void (async () => {
    for await (const chunk of svc.proc.stderr) stderr += new TextDecoder().decode(chunk);
  })();
}, 240_000);

afterAll(() => {
  svc?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

test("the two builds differ on every host, so the check below can tell them apart", () => {
  expect(idA).not.toBe(idB);
  const differing = REQUESTS.filter((r) => expected.get(idA)!.get(r.name) !== expected.get(idB)!.get(r.name));
  expect(new Set(differing.map((r) => r.host))).toEqual(new Set(["salary", "cost", "skills"]));
});

test("five swaps under load: no failed request, every answer is its snapshot's own, a corrupt file is refused, memory returns", async () => {
  const base = `http://127.0.0.1:${svc.port}`;
  const tally = { answered: 0, byId: new Map<string, number>(), failures: [] as string[] };
  let running = true;
  let paused: Promise<void> | null = null;
  const client = async (offset: number) => {
    for (let i = offset; running; i++) {
      if (paused) await paused;
      const req = REQUESTS[i % REQUESTS.length];
      try {
        const res = await fetch(base + req.url, req.init);
        const text = await res.text();
        const id = res.headers.get("x-snapshot-id") ?? "(none)";
        tally.answered++;
        tally.byId.set(id, (tally.byId.get(id) ?? 0) + 1);
        if (res.status !== 200) tally.failures.push(`${req.name}: ${res.status} ${text.slice(0, 200)}`);
        else if (expected.get(id)?.get(req.name) !== servedPart(req, text))
          tally.failures.push(`${req.name}: answer is not snapshot ${id}'s`);
      } catch (err) {
        tally.failures.push(`${req.name}: ${(err as Error).message}`);
      }
    }
  };
  const healthId = async () => (await (await fetch(`${base}/healthz`)).json()).snapshot_id as string;
  const waitFor = async (id: string) => {
    const deadline = Date.now() + 15_000;
    while ((await healthId()) !== id) {
      if (Date.now() > deadline) throw new Error(`the service did not switch to ${id}`);
      await Bun.sleep(20);
    }
  };
  const reloadByRoute = () => fetch(`${base}/admin/snapshot/reload`, { method: "POST", headers: { "x-api-key": KEY } });

  const clients = Array.from({ length: 8 }, (_, i) => client(i * 5));
  const quietRss = async () => {
    let resume = () => {};
    paused = new Promise((done) => {
      resume = done;
    });
    await Bun.sleep(500);
    const rss = await steadyRssKb(svc.proc.pid);
    paused = null;
    resume();
    return rss;
  };
  await Bun.sleep(1500); // warm: every answer cached once, lazy indexes built
  const rssBefore = await quietRss();
  const rssAfterSwap: number[] = [];

  for (let swap = 1; swap <= 5; swap++) {
    const [file, id] = swap % 2 ? [B, idB] : [A, idA];
    place(file);
    if (swap % 2) svc.proc.kill("SIGHUP");
    else expect((await (await reloadByRoute()).json()).data).toMatchObject({ outcome: "swapped", snapshot_id: id });
    await waitFor(id);
    await Bun.sleep(400); // answers from the new snapshot, while the old one's last requests finish
    rssAfterSwap.push(rssKb(svc.proc.pid));
  }

  // A corrupt file (a build cut short) in its place: refused, with a log line, and the last good one keeps serving.
  const cut = join(dir, "cut.sqlite");
  writeFileSync(cut, readFileSync(A).subarray(0, 64 * 1024 * 1024));
  place(cut);
  const refused = await reloadByRoute();
  expect(refused.status).toBe(422);
  expect((await refused.json()).error).toMatchObject({ code: "SNAPSHOT_REFUSED" });
  svc.proc.kill("SIGHUP");
  const refusedLine = '"msg":"snapshot reload: refused","trigger":"SIGHUP"';
  await until(() => stderr.includes(refusedLine));
  expect(stderr).toContain(refusedLine);
  expect(await healthId()).toBe(idB);

  // Every snapshot swapped out was closed (its last requests finish first): one open file is left at the served
  // path, the one serving.
  await until(() => openAtLive(svc.proc.pid).length === 1);
  expect(openAtLive(svc.proc.pid)).toHaveLength(1);
  // Memory returns: the collector runs when an old snapshot closes, but the allocator gives pages back in its own
  // time, so a few quiet measurements are allowed before the last one is compared.
  const rssAfter: number[] = [];
  for (let tries = 0; tries < 4; tries++) {
    rssAfter.push(await quietRss());
    if (Math.abs(rssAfter.at(-1)! - rssBefore) / rssBefore <= 0.1) break;
  }
  running = false;
  await Promise.all(clients);

  console.log(
    `swap test: ${tally.answered} answers (${[...tally.byId].map(([id, n]) => `${id}: ${n}`).join(", ")}); RSS ${rssBefore} → ${rssAfterSwap.join(", ")} → ${rssAfter.join(", ")} kB`,
  );
  expect([...new Set(tally.failures)].slice(0, 10)).toEqual([]);
  expect(tally.answered).toBeGreaterThan(2000);
  expect(tally.byId.get(idA)).toBeGreaterThan(100);
  expect(tally.byId.get(idB)).toBeGreaterThan(100);
  expect([...tally.byId.keys()].sort()).toEqual([idA, idB].sort());
  expect(Math.abs(rssAfter.at(-1)! - rssBefore) / rssBefore).toBeLessThanOrEqual(0.1);
}, 120_000);
