// Documentation tests (as Datasette has them): what the code defines, the docs must name. Every configuration
// variable in src/config.ts is in docs/configuration.md; every route is described somewhere in docs/ besides the
// generated table, and that table (docs/ARCHITECTURE.md) is the one the route declarations give today; the 404
// thresholds docs/matching.md states are the ones the served snapshot's ranker holds.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { configSchema } from "../../src/config.ts";
import { ARCHITECTURE, ROUTES_BY_HOST, withRouteTable } from "../../scripts/docs/route-table.ts";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { storedRanker } from "../../src/snapshot/repositories/title-lexicon.ts";

const docsDir = new URL("../../docs/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, docsDir), "utf8");
const guides = readdirSync(docsDir).filter((f) => f.endsWith(".md") && f !== "ARCHITECTURE.md");

describe("docs/", () => {
  test("docs/configuration.md names every configuration variable", () => {
    const configuration = read("configuration.md");
    const missing = Object.keys(configSchema.shape).filter((key) => !configuration.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });

  test("every route is described in a guide, not only listed in the table", () => {
    const text = guides.map(read).join("\n");
    const ids = Object.values(ROUTES_BY_HOST).flatMap((routes) => routes.map((r) => r.id));
    expect(ids.length).toBe(29);
    expect(ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(text))).toEqual([]);
  });

  test("the route table in docs/ARCHITECTURE.md is current (npm run docs:routes writes it)", () => {
    const architecture = readFileSync(ARCHITECTURE, "utf8");
    expect(architecture).toBe(withRouteTable(architecture));
  });
});

describe("docs/matching.md", () => {
  test("states the 404 thresholds the served snapshot's ranker holds (each build sets them from its curves)", () => {
    const stated = /With today's data \*\*(\d\.\d\d) on the U\.S\. path and (\d\.\d\d) on the EU\s+path\*\*/.exec(
      read("matching.md"),
    );
    expect(stated).not.toBeNull();
    const ranker = storedRanker(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite").db);
    expect([Number(stated![1]), Number(stated![2])]).toEqual([ranker!.soc.threshold, ranker!.isco.threshold]);
  });
});
