// `npm run eval:places`: accuracy of the location resolver on test/eval/places/places.csv, per input kind.
// Expected values: US:<OEWS area (99, state FIPS, CBSA)>, US-NONMETRO:<USPS> (the state's nonmetro area or the
// state), EU:<ISO>, OUTSIDE (refused as outside coverage), UNKNOWN (unresolved).
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices } from "../../src/services.ts";
import { resolveLocation, type ResolvedLocation } from "../../src/domain/location.ts";
import { blsAreaCode } from "../../src/domain/bls-area.ts";

const path = process.argv[2] ?? "test/eval/places/places.csv";
const rows: { input: string; expected: string; kind: string }[] = parse(readFileSync(path), {
  columns: true,
  trim: false,
  skip_empty_lines: true,
});
const s = createServices(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite"));

function correct(r: ResolvedLocation | null, expected: string): boolean {
  if (expected === "UNKNOWN") return r === null;
  if (expected === "OUTSIDE") return r?.region === "unsupported";
  if (expected.startsWith("EU:")) return r?.region === "eu" && r.countryCode === expected.slice(3);
  if (expected.startsWith("US-NONMETRO:")) {
    const state = expected.slice(12);
    return (
      r?.region === "us" &&
      ((r.area.kind === "nonmetro" &&
        r.area.areaCode.slice(0, 2) === s.locations.stateByCode(state)?.areaCode.slice(0, 2)) ||
        (r.area.stateCode === state && r.area.kind === "state"))
    );
  }
  if (expected.startsWith("US:")) return r?.region === "us" && r.area.areaCode === blsAreaCode(expected.slice(3));
  throw new Error(`unknown expected value ${expected}`);
}

const byKind = new Map<string, { n: number; ok: number; misses: string[] }>();
for (const row of rows) {
  const r = resolveLocation(row.input, s.locations);
  const k = byKind.get(row.kind) ?? { n: 0, ok: 0, misses: [] };
  k.n++;
  if (correct(r, row.expected)) k.ok++;
  else
    k.misses.push(
      `${row.input} → ${!r ? "unresolved" : r.region === "us" ? r.area.areaCode : `${r.region}:${r.countryCode}`} (expected ${row.expected})`,
    );
  byKind.set(row.kind, k);
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
const total = [...byKind.values()].reduce((t, k) => ({ n: t.n + k.n, ok: t.ok + k.ok }), { n: 0, ok: 0 });
console.log("| kind | n | correct |\n|---|---|---|");
for (const [kind, k] of [...byKind].sort()) console.log(`| ${kind} | ${k.n} | ${pct(k.ok, k.n)} |`);
console.log(`| **all** | ${total.n} | **${pct(total.ok, total.n)}** |`);
if (process.env.SHOW_MISSES) for (const [kind, k] of byKind) for (const m of k.misses) console.error(`${kind}: ${m}`);
