// `bun scripts/bench/handler.ts`: the time a request spends in the service's own handler (the app's fetch, or the
// route Bun's router matched), timed around each call on real requests that wrk sends over loopback: our code's
// fixed cost per request, without Bun's HTTP parsing and writing or the kernel, which wrk's requests/s also
// measure and which make that figure drift by a fifth between runs on this machine.
// BASELINE_SRC=dir (a checkout of an earlier commit, its node_modules installed or linked) loads that commit's app
// into the same process; one server hands requests to the two apps in turn, so both see the same machine state.
// BENCH_QUICK=1: one short round.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeBenchmarkSection } from "./report.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 3;
const SECONDS = quick ? 2 : 5;
const KEY = "bench-key-0123456789abcdef";
const snapshotPath = resolve(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite");

interface LoadedApp {
  name: string;
  fetch(request: Request): Response | Promise<Response>;
  routes?: Record<string, (request: Request) => Response | Promise<Response>>;
}

async function loadApp(name: string, dir: string): Promise<LoadedApp> {
  const { loadConfig } = await import(join(dir, "src/config.ts"));
  const { createApp } = await import(join(dir, "src/app.ts"));
  const app = createApp(
    loadConfig({
      ...process.env,
      SNAPSHOT_PATH: snapshotPath,
      STATE_DB: join(mkdtempSync(join(tmpdir(), "wf-bench-handler-")), "state.sqlite"),
      BOOTSTRAP_API_KEY: KEY,
      ACCESS_LOG: "0",
      QUOTA_ENTERPRISE: "1000000000",
    }),
  );
  await app.ready;
  return { name, fetch: app.fetch, routes: app.routes };
}

const apps = [
  ...(process.env.BASELINE_SRC ? [await loadApp("earlier commit (BASELINE_SRC)", process.env.BASELINE_SRC)] : []),
  await loadApp("this commit", resolve(".")),
];

const targets = [
  { name: "/healthz", host: "salary.localhost", path: "/healthz" },
  {
    name: "E2, one title + metro repeated",
    host: "salary.localhost",
    path: "/api/v1/salary?job_title=Sr.%20Software%20Eng&location=Austin,%20TX",
  },
  {
    name: "E15 `occupations/search?q=registerd nurse`",
    host: "skills.localhost",
    path: "/api/v1/occupations/search?q=registerd%20nurse",
  },
];

// Nanoseconds per call, per app; requests go to the apps in turn.
let times: number[][] = [];
let turn = 0;
const timed =
  (pick: (app: LoadedApp) => (request: Request) => Response | Promise<Response>) =>
  (request: Request): Response | Promise<Response> => {
    const i = turn++ % apps.length;
    const handle = pick(apps[i]);
    const t0 = Bun.nanoseconds();
    const out = handle(request);
    times[i].push(Bun.nanoseconds() - t0);
    return out;
  };
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: timed((app) => app.fetch),
  // The probe goes by Bun's router where the app has one (as main.ts serves it), else by fetch.
  routes: { "/healthz": timed((app) => app.routes?.["/healthz"] ?? app.fetch) },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const medians = targets.map(() => apps.map(() => [] as number[]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [ti, t] of targets.entries()) {
    times = apps.map(() => []);
    const url = `http://127.0.0.1:${server.port}${t.path}`;
    // Spawned, not spawnSync: this process serves wrk's requests meanwhile.
    const wrk = Bun.spawn(
      ["wrk", "-t1", "-c32", `-d${SECONDS}s`, "-H", `Host: ${t.host}`, "-H", `X-API-Key: ${KEY}`, url],
      {
        stdout: "pipe",
      },
    );
    const [out, code] = [await new Response(wrk.stdout).text(), await wrk.exited];
    if (code !== 0 || /Non-2xx/.test(out)) throw new Error(`wrk failed on ${t.name}: ${out}`);
    // The first fifth of each run is warm-up.
    times.forEach((xs, ai) => medians[ti][ai].push(median(xs.slice(Math.floor(xs.length / 5))) / 1000));
  }
}
server.stop(true);

const header = `| target | ${apps.map((a) => a.name).join(" | ")}${apps.length > 1 ? " | this ÷ earlier" : ""} |`;
const lines = [
  `Time inside the service's handler per request (the median request of each run, then the median of ${ROUNDS} runs of ${SECONDS} s; wrk, one thread, 32 connections, requests handed to the apps in turn):`,
  "",
  header,
  `|---|${apps.map(() => "---|").join("")}${apps.length > 1 ? "---|" : ""}`,
  ...targets.map((t, ti) => {
    const m = medians[ti].map(median);
    return `| ${t.name} | ${m.map((x) => `${x.toFixed(2)} µs`).join(" | ")}${apps.length > 1 ? ` | ${(m[1] / m[0]).toFixed(2)} |` : " |"}`;
  }),
];
console.log(lines.join("\n"));
if (!quick)
  await writeBenchmarkSection("Handler time per request: the service's own share of a request", lines.join("\n"));
process.exit(0);
