// The fast test tier's fixtures (test/fixtures/mirror/) still match the publisher files they were cut from: cutting
// the mirror again gives the same bytes, file for file, and the provenance names each source's SHA-256.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { FIXTURES, cutFixtures, logibExampleTable, provenance } from "../../scripts/fixtures/cut-mirror.ts";
import { mirror } from "../support/server.ts";

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

test("the Logib example fixture holds every row of the office's workbook", () => {
  expect(logibExampleTable().rows).toHaveLength(285);
});

test("cutting the mirror again gives the committed fixtures, byte for byte, and their provenance", async () => {
  const cut = await cutFixtures();
  const committed = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(FIXTURES, join(e.parentPath, e.name)))
    .filter((p) => p !== "PROVENANCE.md")
    .sort();
  expect(cut.map((f) => f.path).sort()).toEqual(committed);
  for (const f of cut)
    expect(`${f.path} ${sha256(new Uint8Array(readFileSync(join(FIXTURES, f.path))))}`).toBe(
      `${f.path} ${sha256(f.bytes)}`,
    );
  expect(readFileSync(join(FIXTURES, "PROVENANCE.md"), "utf8")).toBe(provenance(cut));
  // The provenance's hashes are the mirror files' own.
  const cpi = cut.find((f) => f.path === "bls-cpi/cu.series")!;
  expect(cpi.sha256).toBe(sha256(new Uint8Array(readFileSync(mirror("bls-cpi/cu.series")))));
}, 120_000);
