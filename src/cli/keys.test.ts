// The keys CLI as an operator runs it (`npm run keys -- …`): help on every entry point, refusals that say why,
// and a listing that shows what a key may do and when it was last used.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openStateDb } from "../state/state-db.ts";
import { QuotaMeter, utcDay } from "../state/quota.ts";
import { SqliteQuotaLedger } from "../state/sqlite-ledger.ts";
import { SCOPE_MIN_TIER } from "../state/api-keys.ts";
import { salaryRoutes } from "../hosts/salary/index.ts";
import { costRoutes } from "../hosts/cost/index.ts";
import { skillsRoutes } from "../hosts/skills/index.ts";

const dir = mkdtempSync(join(tmpdir(), "keys-cli-"));
const STATE_DB = join(dir, "state.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keys(...args: string[]) {
  const run = Bun.spawnSync([process.execPath, resolve(import.meta.dir, "../../scripts/keys.ts"), ...args], {
    env: { ...process.env, STATE_DB, REDIS_URL: "" },
  });
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

test("--help answers on every entry point with exit 0", () => {
  for (const args of [["--help"], ["-h"], ["help"]]) {
    const r = keys(...args);
    expect(r.code).toBe(0);
    for (const command of ["create", "list", "revoke"]) expect(r.stdout).toContain(`npm run keys -- ${command}`);
  }
  const create = keys("create", "--help");
  expect(create.code).toBe(0);
  expect(create.stdout).toContain("--tier free|pro|enterprise");
  expect(create.stdout).not.toContain("revoke KEY_ID");
  expect(keys("revoke", "--help").stdout).toContain("revoke KEY_ID");
});

test("a key whose tier can never use one of its scopes is refused, with the reason and the fix", () => {
  const free = keys("create", "--tier", "free", "--scopes", "salary:read,compliance:report");
  expect(free.code).toBe(2);
  expect(free.stderr).toContain("compliance:report needs the enterprise tier");
  expect(keys("create", "--tier", "free", "--scopes", "compliance:read,compliance:report").stderr).toContain(
    "Use --tier enterprise, or leave them out.",
  ); // one fix for both: the highest tier needed
  expect(free.stderr).toContain("--tier enterprise");
  expect(keys("create", "--tier", "pro", "--scopes", "compliance:read").code).toBe(0); // the spec: Pro or higher
  const pro = keys("create", "--tier", "pro", "--scopes", "compliance:report");
  expect(pro.code).toBe(2);
  expect(keys("create", "--tier", "free", "--scopes", "compliance:read").stderr).toContain("the pro tier or higher");
  expect(keys("list").stdout).not.toContain("compliance:report"); // nothing was issued
  // A bad scope is named as typed, with what it must be.
  expect(keys("create", "--tier", "free", "--scopes", "skills:read,salery:read").stderr).toContain(
    '--scopes "salery:read": must be one of salary:read,',
  );
});

test("list shows tier, scopes, the daily limit (the tier's when the key sets none) and the last day of use", () => {
  const made = keys("create", "--tier", "free", "--scopes", "skills:read", "--name", "used");
  const id = /created (key_\w+)/.exec(made.stdout)![1];
  const limited = /created (key_\w+)/.exec(
    keys("create", "--tier", "pro", "--scopes", "salary:read", "--daily-limit", "7").stdout,
  )![1];
  const before = keys("list").stdout.split("\n");
  expect(before[0]).toBe("id\ttier\tscopes\tdaily limit\tlast use (UTC)\tname\tcreated\tstatus");
  expect(before.find((l) => l.startsWith(id))).toStartWith(`${id}\tfree\tskills:read\t1000 (tier)\tnever\tused\t`);
  expect(before.find((l) => l.startsWith(limited))).toStartWith(`${limited}\tpro\tsalary:read\t7\tnever\t`);
  // One request counted by the service's own quota meter on the same state database.
  const db = openStateDb(STATE_DB);
  const meter = new QuotaMeter(new SqliteQuotaLedger(db));
  meter.consume(id, 1000);
  db.close();
  const today = utcDay(new Date());
  expect(
    keys("list")
      .stdout.split("\n")
      .find((l) => l.startsWith(id)),
  ).toContain(`\t${today}\tused\t`);
});

test("the CLI's scope → lowest tier table is what the routes declare", () => {
  const routes = [...salaryRoutes, ...costRoutes, ...skillsRoutes];
  for (const r of routes) expect([r.id, r.minTier]).toEqual([r.id, SCOPE_MIN_TIER[r.scope]]);
  expect(routes.some((r) => r.minTier === "pro") && routes.some((r) => r.minTier === "enterprise")).toBe(true);
});
