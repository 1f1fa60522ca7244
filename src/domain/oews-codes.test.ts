import { describe, expect, test } from "bun:test";
import { AmbiguousAggregateError, oewsCodeMap, publishedCodeNote, type OewsCodeLookup, type OewsVintage, type PublishedCode } from "./oews-codes.ts";

// A small SOC structure: broad group 25-9040 with four detailed codes, 13-1020 with two, 15-1250 with one.
const soc = {
  codes: new Set(["25-9040", "25-9042", "25-9043", "25-9044", "25-9049", "13-1020", "13-1021", "13-1022", "15-1250", "15-1252"]),
  detailed: ["13-1021", "13-1022", "15-1252", "25-9042", "25-9043", "25-9044", "25-9049"],
};
const vintage = (year: number, titles: Record<string, string>): OewsVintage => ({ year, titles: new Map(Object.entries(titles)) });
const may2025 = vintage(2025, { "13-1020": "Buyers", "15-1252": "Software Developers", "25-9044": "Teaching Assistants, Postsecondary", "25-9045": "Teaching Assistants, Except Postsecondary" });
const find = (rows: ReturnType<typeof oewsCodeMap>, year: number, code: string) => rows.find((r) => r.year === year && r.soc === code);

describe("oewsCodeMap", () => {
  test("SOC 2018 vintage: itself, else the broad group's one OEWS aggregate, else the broad group; nothing when none is published", () => {
    const rows = oewsCodeMap(soc, [may2025]);
    expect(find(rows, 2025, "15-1252")).toEqual({ year: 2025, soc: "15-1252", code: "15-1252", basis: "published" });
    expect(find(rows, 2025, "25-9044")?.basis).toBe("published");
    for (const c of ["25-9042", "25-9043", "25-9049"]) expect(find(rows, 2025, c)).toEqual({ year: 2025, soc: c, code: "25-9045", basis: "oews_aggregate" });
    for (const c of ["13-1021", "13-1022"]) expect(find(rows, 2025, c)).toEqual({ year: 2025, soc: c, code: "13-1020", basis: "broad_group" });
    const withoutBroad = oewsCodeMap(soc, [vintage(2025, { "15-1252": "Software Developers" })]);
    expect(find(withoutBroad, 2025, "13-1021")).toBeUndefined();
  });

  test("two aggregates in one broad group stop the build, naming both and the code they could hold", () => {
    const two = vintage(2025, { ...Object.fromEntries(may2025.titles), "25-9046": "Teaching Assistants, Other" });
    expect(() => oewsCodeMap(soc, [two])).toThrow(AmbiguousAggregateError);
    expect(() => oewsCodeMap(soc, [two])).toThrow(/25-9040 \(25-9045, 25-9046\).*which one holds 25-9042/);
  });

  test("two aggregates do not matter when the group's codes are all published as themselves", () => {
    const full = vintage(2025, { "25-9042": "a", "25-9043": "b", "25-9044": "c", "25-9049": "d", "25-9045": "e", "25-9046": "f" });
    expect(oewsCodeMap(soc, [full]).filter((r) => r.soc.startsWith("25-904")).every((r) => r.basis === "published")).toBe(true);
  });

  test("earlier vintages: only the latest vintage's aggregates, under the same title, and never a code published as itself or a broad group", () => {
    const rows = oewsCodeMap(soc, [
      vintage(2017, { "25-9041": "Teacher Assistants", "13-1020": "Buyers", "15-1252": "Software Developers" }),
      vintage(2019, { "25-9045": "Teaching Assistants, Except Postsecondary", "25-9043": "Teaching Assistants, Special Education" }),
      vintage(2020, { "25-9045": "Teaching Assistants (hybrid)" }),
      may2025,
    ]);
    expect(rows.filter((r) => r.year === 2017)).toEqual([]);
    // 2019: 25-9042 and 25-9049 are in the aggregate; 25-9043 is published itself, so SOC 2010's crosswalk decides it.
    expect(rows.filter((r) => r.year === 2019).map((r) => `${r.soc}→${r.code}`)).toEqual(["25-9042→25-9045", "25-9049→25-9045"]);
    // 2020 publishes the code under another title: its content is not known to be the same.
    expect(rows.filter((r) => r.year === 2020)).toEqual([]);
  });
});

describe("publishedCodeNote", () => {
  const lookup = (published: PublishedCode | null, within: string[]): OewsCodeLookup => ({ publishedCode: () => published, codesWithin: () => within });
  const titles = new Map([["25-9042", "Teaching Assistants, K-12"], ["25-9043", "Teaching Assistants, Special Education"], ["13-1021", "Farm Buyers"]]);

  test("names the aggregate, its title and the other codes it holds", () => {
    const note = publishedCodeNote(lookup({ code: "25-9045", basis: "oews_aggregate", title: "Teaching Assistants, Except Postsecondary" }, ["25-9042", "25-9043"]), titles, 2025, "25-9042");
    expect(note).toBe("BLS OEWS May 2025 publishes Teaching Assistants, K-12 (25-9042) only within the OEWS aggregate 25-9045 (Teaching Assistants, Except Postsecondary), together with Teaching Assistants, Special Education (25-9043); those figures answer.");
  });

  test("a broad group is called one; a code published as itself, or not at all, gets no note", () => {
    expect(publishedCodeNote(lookup({ code: "13-1020", basis: "broad_group", title: "Buyers" }, ["13-1021"]), titles, 2025, "13-1021"))
      .toBe("BLS OEWS May 2025 publishes Farm Buyers (13-1021) only within its broad group 13-1020 (Buyers); those figures answer.");
    expect(publishedCodeNote(lookup({ code: "25-9042", basis: "published", title: "x" }, []), titles, 2025, "25-9042")).toBeNull();
    expect(publishedCodeNote(lookup(null, []), titles, 2025, "25-9042")).toBeNull();
  });
});
