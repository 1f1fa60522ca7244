// Every code a handler can answer is declared by its route. Handlers make errors only with `fail`, which the
// type checker limits to the route's declared codes (and helpers ask for the codes they raise), so the proof is
// the type check itself: this test runs it on the project, and on a fixture that must fail, so it cannot pass
// by checking nothing.
import { expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const tsc = (project: string) =>
  Bun.spawnSync([join(ROOT, "node_modules/.bin/tsc"), "--noEmit", "-p", project], { cwd: ROOT });

test("errors outside src/http/ are made only with a route's fail (no ApiError constructed in hosts, domain or snapshot code)", async () => {
  const offenders: string[] = [];
  for (const file of new Bun.Glob("src/**/*.ts").scanSync({ cwd: ROOT })) {
    if (file.startsWith("src/http/")) continue;
    if (/new ApiError\(/.test(await Bun.file(join(ROOT, file)).text())) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});

test("the project type-checks, so every fail(…) in a handler or helper names a code its route declares", () => {
  const out = tsc(".");
  expect(out.stdout.toString() + out.stderr.toString()).toBe("");
  expect(out.exitCode).toBe(0);
}, 60_000);

test("a route answering a code it does not declare, itself or through a helper, does not type-check", () => {
  const dir = join(ROOT, "build/declared-codes-fixture");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../../tsconfig.json", include: ["fixture.ts"] }),
  );
  writeFileSync(
    join(dir, "fixture.ts"),
    `import { z } from "zod";
import { defineRoute } from "../../src/http/route.ts";
import { locate } from "../../src/hosts/salary/service.ts";
const base = { summary: "x", method: "GET", path: "/x", scope: "salary:read", response: z.object({}), examples: [{ summary: "x" }] } as const;
export const declaresAll = defineRoute({ ...base, id: "A", errors: ["NOT_FOUND", "LOCATION_NOT_FOUND"],
  handle: (_i, s, fail) => { if (s) throw fail("NOT_FOUND", "m"); locate("x", s, fail); return { data: {}, datasets: [] }; } });
export const ownUndeclared = defineRoute({ ...base, id: "B", errors: ["NOT_FOUND"],
  handle: (_i, _s, fail) => { throw fail("NO_BENCHMARK", "m"); } });
export const helperUndeclared = defineRoute({ ...base, id: "C", errors: ["NOT_FOUND"],
  handle: (_i, s, fail) => { locate("x", s, fail); return { data: {}, datasets: [] }; } });
export const declaresNone = defineRoute({ ...base, id: "D",
  handle: (_i, _s, fail) => { throw fail("NOT_FOUND", "m"); } });
`,
  );
  try {
    const out = tsc(dir);
    const errors = out.stdout
      .toString()
      .split("\n")
      .filter((l) => l.includes("error TS"));
    const lines = errors.map((l) => Number(/fixture\.ts\((\d+),/.exec(l)?.[1]));
    expect(out.exitCode).not.toBe(0);
    // Lines 8 (own code), 10 (through locate) and 12 (no codes declared); the route declaring both codes is clean.
    expect([...new Set(lines)].sort((a, b) => a - b)).toEqual([8, 10, 12]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
