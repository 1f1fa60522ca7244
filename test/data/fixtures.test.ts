// The fast test tier's fixtures (test/fixtures/mirror/) still match the publisher files they were cut from.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { FIXTURES, logibExampleTable } from "../../scripts/fixtures/cut-mirror.ts";
import { mirror } from "../support/server.ts";

test("the Logib example fixture is the office's workbook, row for row, and its provenance names the workbook's SHA-256", () => {
  const { header, rows } = logibExampleTable();
  expect(rows).toHaveLength(285);
  expect(readFileSync(`${FIXTURES}/logib/example_data_sheet.csv`, "utf8")).toBe(Papa.unparse([header, ...rows]) + "\n");
  const sha = new Bun.CryptoHasher("sha256").update(readFileSync(mirror("logib/Example_data_sheet_M1.xlsx"))).digest("hex");
  expect(readFileSync(`${FIXTURES}/PROVENANCE.md`, "utf8")).toContain(sha);
});
