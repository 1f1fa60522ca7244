// data/eu-countries.csv, the EU/EEA country table this project keeps: every row says what it rests on, its names are
// the labels Eurostat's own files use, and its membership agrees with the dates it gives.
import { expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { textRows } from "../support/publisher.ts";

const rows: Record<string, string>[] = parse(readFileSync("data/eu-countries.csv"), { columns: true });

test("each row names its source, and the flags agree with the dates (members since a date, euro members since one)", () => {
  for (const r of rows) {
    expect(r.source.length).toBeGreaterThan(20);
    expect(r.is_eu === "1").toBe(!!r.eu_since && !r.eu_until);
    expect(r.is_ea === "1").toBe(!!r.ea_since);
    if (r.is_ea === "1") expect(r.is_eu).toBe("1");
  }
  expect(rows.filter((r) => r.is_eu === "1")).toHaveLength(27);
  expect(rows.filter((r) => r.is_ea === "1")).toHaveLength(21); // Bulgaria the 21st, from 2026-01-01
});

test("every EU member's English name is a geo label of Eurostat's own pay-gap file", async () => {
  const labels = new Set((await textRows("eurostat/sdg_05_20_linear.csv")).map((r) => r.geo));
  for (const r of rows.filter((x) => x.is_eu === "1"))
    expect(labels.has(r.name_en) ? r.name_en : `${r.name_en} (not a label)`).toBe(r.name_en);
});
