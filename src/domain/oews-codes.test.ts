import { describe, expect, test } from "bun:test";
import {
  AmbiguousAggregateError,
  heldCodesNote,
  oewsCodeMap,
  oewsCodeNote,
  type OewsCode,
  type OewsCodeLookup,
  type OewsVintage,
} from "./oews-codes.ts";

// A small SOC structure: broad group 25-9040 with four detailed codes, 13-1020 with two, 15-1250 with one.
const soc = {
  codes: new Set([
    "25-9040",
    "25-9042",
    "25-9043",
    "25-9044",
    "25-9049",
    "13-1020",
    "13-1021",
    "13-1022",
    "15-1250",
    "15-1252",
  ]),
  detailed: ["13-1021", "13-1022", "15-1252", "25-9042", "25-9043", "25-9044", "25-9049"],
};
const vintage = (year: number, titles: Record<string, string>): OewsVintage => ({
  year,
  titles: new Map(Object.entries(titles)),
});
const may2025 = vintage(2025, {
  "13-1020": "Buyers",
  "15-1252": "Software Developers",
  "25-9044": "Teaching Assistants, Postsecondary",
  "25-9045": "Teaching Assistants, Except Postsecondary",
});
const find = (rows: ReturnType<typeof oewsCodeMap>, year: number, code: string) =>
  rows.find((r) => r.year === year && r.soc === code);

describe("oewsCodeMap", () => {
  test("SOC 2018 vintage: itself, else the broad group's one OEWS aggregate, else the broad group; nothing when none is published", () => {
    const rows = oewsCodeMap(soc, [may2025]);
    expect(find(rows, 2025, "15-1252")).toEqual({ year: 2025, soc: "15-1252", code: "15-1252", basis: "own_code" });
    expect(find(rows, 2025, "25-9044")?.basis).toBe("own_code");
    for (const c of ["25-9042", "25-9043", "25-9049"])
      expect(find(rows, 2025, c)).toEqual({ year: 2025, soc: c, code: "25-9045", basis: "oews_aggregate" });
    for (const c of ["13-1021", "13-1022"])
      expect(find(rows, 2025, c)).toEqual({ year: 2025, soc: c, code: "13-1020", basis: "broad_group" });
    const withoutBroad = oewsCodeMap(soc, [vintage(2025, { "15-1252": "Software Developers" })]);
    expect(find(withoutBroad, 2025, "13-1021")).toBeUndefined();
  });

  test("a broad group holding two aggregates stops the build, naming them, even where its codes are published", () => {
    const two = vintage(2025, { ...Object.fromEntries(may2025.titles), "25-9046": "Teaching Assistants, Other" });
    expect(() => oewsCodeMap(soc, [two])).toThrow(AmbiguousAggregateError);
    expect(() => oewsCodeMap(soc, [two])).toThrow(
      "OEWS May 2025 publishes 2 aggregates in SOC broad group 25-9040 (25-9045, 25-9046)",
    );
    const full = vintage(2025, {
      "25-9042": "a",
      "25-9043": "b",
      "25-9044": "c",
      "25-9049": "d",
      "25-9045": "e",
      "25-9046": "f",
    });
    expect(() => oewsCodeMap(soc, [full])).toThrow(AmbiguousAggregateError);
  });

  test("earlier vintages keep the latest vintage's aggregate or broad group, under the same title, where the code is not published itself", () => {
    const rows = oewsCodeMap(soc, [
      vintage(2017, {
        "25-9041": "Teacher Assistants",
        "13-1020": "Buyers",
        "13-1022": "Wholesale Buyers",
        "15-1252": "Software Developers",
      }),
      vintage(2019, {
        "25-9045": "Teaching Assistants, Except Postsecondary",
        "25-9043": "Teaching Assistants, Special Education",
        "15-1256": "Hybrid",
        "15-1257": "Hybrid too",
      }),
      vintage(2020, { "25-9045": "Teaching Assistants (hybrid)", "13-1020": "Buyers and Agents" }),
      may2025,
    ]);
    const of = (year: number) => rows.filter((r) => r.year === year).map((r) => `${r.soc}→${r.code}`);
    // 2017: the broad group under the same title holds 13-1021; 13-1022 is published itself, so SOC 2010's crosswalk decides.
    expect(of(2017)).toEqual(["13-1021→13-1020"]);
    // 2019: 25-9043 is published itself; two hybrid codes in one broad group neither map nor stop the build.
    expect(of(2019)).toEqual(["25-9042→25-9045", "25-9049→25-9045"]);
    // 2020 publishes both codes under other titles: what they hold is not known to be the same.
    expect(of(2020)).toEqual([]);
  });
});

describe("notes", () => {
  const lookup = (found: OewsCode | null, held: string[]): OewsCodeLookup => ({
    oewsCodeFor: () => found,
    codesHeldBy: () => held,
  });
  const titles = new Map([
    ["25-9042", "Teaching Assistants, K-12"],
    ["25-9043", "Teaching Assistants, Special Education"],
    ["13-1021", "Farm Buyers"],
    ["13-1020", "Buyers"],
  ]);

  test("oewsCodeNote names the aggregate, its title and the other codes it holds", () => {
    const note = oewsCodeNote(
      lookup({ code: "25-9045", basis: "oews_aggregate", title: "Teaching Assistants, Except Postsecondary" }, [
        "25-9042",
        "25-9043",
      ]),
      titles,
      2025,
      "25-9042",
    );
    expect(note).toBe(
      "BLS OEWS May 2025 publishes Teaching Assistants, K-12 (25-9042) only within the OEWS aggregate 25-9045 (Teaching Assistants, Except Postsecondary), together with Teaching Assistants, Special Education (25-9043); those figures answer.",
    );
  });

  test("oewsCodeNote calls a broad group one; a code published as itself, or not at all, gets no note", () => {
    expect(
      oewsCodeNote(
        lookup({ code: "13-1020", basis: "broad_group", title: "Buyers" }, ["13-1021"]),
        titles,
        2025,
        "13-1021",
      ),
    ).toBe(
      "BLS OEWS May 2025 publishes Farm Buyers (13-1021) only within its broad group 13-1020 (Buyers); those figures answer.",
    );
    expect(
      oewsCodeNote(lookup({ code: "25-9042", basis: "own_code", title: "x" }, []), titles, 2025, "25-9042"),
    ).toBeNull();
    expect(oewsCodeNote(lookup(null, []), titles, 2025, "25-9042")).toBeNull();
  });

  test("heldCodesNote tells an aggregate from a broad group, and is null for a code that holds none", () => {
    expect(
      heldCodesNote(
        lookup(null, ["25-9042", "25-9043"]),
        titles,
        2025,
        "25-9045",
        "Teaching Assistants, Except Postsecondary",
      ),
    ).toBe(
      "25-9045 (Teaching Assistants, Except Postsecondary) is an OEWS aggregate, not a SOC 2018 code: OEWS May 2025 publishes Teaching Assistants, K-12 (25-9042), Teaching Assistants, Special Education (25-9043) only within it.",
    );
    expect(heldCodesNote(lookup(null, ["13-1021"]), titles, 2025, "13-1020", "Buyers")).toContain(
      "is a SOC broad group:",
    );
    expect(heldCodesNote(lookup(null, []), titles, 2025, "15-1252", "Software Developers")).toBeNull();
  });
});
