// `bun scripts/bench/explorer.ts`: the explorer's first page load on loopback, in Debian's chromium, from the
// executable (what operators run). Each load is in a fresh browser context (empty cache), from navigation to
// the page drawn by the app (its heading rendered). The baseline is a bare Bun.serve page (floor-server.ts,
// FLOOR_MODE=page) loaded the same way in the same run. BENCH_QUICK=1: two loads each, no file written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { spawnService } from "../lib/service-process.ts";
import { currentExecutable } from "../lib/executable.ts";
import { launchBrowser } from "../../test/support/browser.ts";
import { writeBenchmarkSection } from "./report.ts";

const quick = process.env.BENCH_QUICK === "1";
const LOADS = quick ? 2 : 21;
const KEY = "bench-key-0123456789abcdef";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One cold load of `url` until `selector` is in the page: wall time (ms) and bytes over the wire. */
async function coldLoad(browser: Browser, url: string, selector: string, key?: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (key) await page.evaluateOnNewDocument((k) => sessionStorage.setItem("workforce-api.key", k), key);
  const bodies: Promise<number>[] = [];
  page.on("response", (r) => {
    bodies.push(
      r.buffer().then(
        (b) => b.length,
        () => 0,
      ),
    );
  });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector(selector);
  const ms = performance.now() - t0;
  const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ms, bytes };
}

const dir = mkdtempSync(join(tmpdir(), "wf-bench-explorer-"));
const exe = await currentExecutable();
const service = await spawnService([exe], {
  BOOTSTRAP_API_KEY: KEY,
  STATE_DB: join(dir, "state.sqlite"),
  SNAPSHOT_PATH: "",
  ACCESS_LOG: "0",
});
const floor = await spawnService([process.execPath, "scripts/bench/floor-server.ts"], { FLOOR_MODE: "page" });
const browser = await launchBrowser();
try {
  const base = `http://127.0.0.1:${service.port}`;
  const runs = { floor: [] as number[], home: [] as number[], salary: [] as number[] };
  const bytes = { home: 0, salary: 0 };
  await coldLoad(browser, `${base}/`, "#api-key"); // the first process-wide load (browser start-up) is not counted
  for (let i = 0; i < LOADS; i++) {
    runs.floor.push((await coldLoad(browser, `http://127.0.0.1:${floor.port}/`, "main h1")).ms);
    const home = await coldLoad(browser, `${base}/`, "#api-key");
    runs.home.push(home.ms);
    bytes.home = home.bytes;
    const salary = await coldLoad(browser, `${base}/explore/salary`, "main h1", KEY);
    runs.salary.push(salary.ms);
    bytes.salary = salary.bytes;
  }
  const floorMs = median(runs.floor);
  const row = (name: string, xs: number[], kb: number) =>
    `| ${name} | ${median(xs).toFixed(0)} ms | ${Math.max(...xs).toFixed(0)} ms | ${(kb / 1024).toFixed(0)} KB | bare Bun.serve page ${floorMs.toFixed(0)} ms | ${(median(xs) / floorMs).toFixed(2)}× |`;
  const lines = [
    `${LOADS} cold loads of each, alternating, in Debian's chromium (headless, puppeteer-core), each in a fresh browser context (nothing cached), from navigation to the page's own content in place: the key form on \`/\`, the salary page's heading on \`/explore/salary\` with a key in session storage. Served by the executable on loopback. Medians and maxima.`,
    "",
    "| page | median | max | transferred | baseline | ratio |",
    "|---|---|---|---|---|---|",
    row("`/` (first page, key form)", runs.home, bytes.home),
    row("`/explore/salary` (with a key)", runs.salary, bytes.salary),
    "",
    `Target (issue 19): the first page loads in ≤ 500 ms on loopback: ${median(runs.home) <= 500 && median(runs.salary) <= 500 ? "met" : "missed"}.`,
  ];
  console.log(lines.join("\n"));
  if (!quick) await writeBenchmarkSection("Explorer: first page load", lines.join("\n"));
} finally {
  await browser.close();
  service.proc.kill();
  floor.proc.kill();
  rmSync(dir, { recursive: true, force: true });
}
