import { expect, test } from "bun:test";
import { readHeadlines } from "./title-ranker.ts";

// Every labelled headline file is read with its path and country, its codes well formed, each split non-empty.
test("the headline files: a file's column says its path, its name its country", () => {
  const all = readHeadlines();
  const byFile = Map.groupBy(all, (h) => h.lang);
  // The country each file is matched for (en: ads in Ireland and Malta; en-US: U.S. ads, SOC-coded).
  const expected: Record<string, [string, "isco" | "soc"]> = {
    de: ["DE", "isco"],
    en: ["IE", "isco"],
    "en-US": ["US", "soc"],
    es: ["ES", "isco"],
    fr: ["FR", "isco"],
    it: ["IT", "isco"],
    nl: ["NL", "isco"],
    pl: ["PL", "isco"],
  };
  expect([...byFile.keys()].sort()).toEqual(Object.keys(expected).sort());
  for (const [lang, rows] of byFile) {
    const [country, target] = expected[lang];
    expect(rows.every((h) => h.country === country && h.target === target)).toBe(true);
    const code = target === "soc" ? /^\d{2}-\d{4}$/ : /^\d{4}$/;
    expect(rows.filter((h) => !code.test(h.code) || !h.alt.every((a) => code.test(a)))).toEqual([]);
    expect(rows.filter((h) => h.split === "dev").length).toBeGreaterThan(100);
    expect(rows.filter((h) => h.split === "test").length).toBeGreaterThan(100);
  }
  // A row as the file writes it: "Staff Accountant - Hybrid - $65,000-$75,000",13-2011,,dev
  expect(all.find((h) => h.title === "Staff Accountant - Hybrid - $65,000-$75,000")).toMatchObject({
    target: "soc",
    code: "13-2011",
    alt: [],
    split: "dev",
  });
});
