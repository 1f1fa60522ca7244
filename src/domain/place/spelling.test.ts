import { describe, expect, test } from "bun:test";
import { PlaceSpelling, correctableEdits, type SpellingName } from "./spelling.ts";

const place = (
  id: string,
  key: string,
  population: number,
  country = "US",
  admin1: string | null = "XX",
): SpellingName => ({ id, key, label: key, country, admin1, population });

describe("PlaceSpelling", () => {
  test("edits allowed grow with length: none under 5 letters, 1, then 2 from 9", () => {
    expect([
      correctableEdits("rome"),
      correctableEdits("tampa"),
      correctableEdits("sacrament"),
      correctableEdits("los angeles"),
    ]).toEqual([0, 1, 2, 2]);
  });

  test("a swapped pair of letters is one edit", () => {
    const speller = new PlaceSpelling([place("1", "tucson", 500_000)]);
    expect(speller.correct("tuscon")).toEqual({
      meant: { name: place("1", "tucson", 500_000), edits: 1 },
      alsoClose: [],
    });
  });

  test("a rival at the same distance blocks the correction unless five times smaller", () => {
    const close = new PlaceSpelling([place("1", "marion", 30_000), place("2", "mariam", 20_000)]);
    expect(close.correct("mariom")).toBeNull();
    expect(close.near("mariom", 1).map((h) => h.name.id)).toEqual(["1", "2"]);
    const clear = new PlaceSpelling([place("1", "marion", 300_000), place("2", "mariam", 20_000)]);
    expect(clear.correct("mariom")?.meant.name.id).toBe("1");
    expect(clear.correct("mariom")?.alsoClose.map((h) => h.name.id)).toEqual(["2"]);
  });

  test("one place's several names are one candidate, not rivals", () => {
    const speller = new PlaceSpelling([
      place("1", "lisboa", 500_000, "PT", null),
      place("1", "lisbon", 500_000, "PT", null),
    ]);
    expect(speller.correct("lisbom")?.meant.name.id).toBe("1");
  });

  test("too far, too short, exact, or out of scope: no correction", () => {
    const speller = new PlaceSpelling([
      place("1", "houston", 2_000_000, "US", "TX"),
      place("2", "rome", 2_000_000, "IT", null),
    ]);
    expect(speller.correct("hustan")).toBeNull(); // two edits in a 6-letter name
    expect(speller.correct("rom")).toBeNull();
    expect(speller.correct("houston")).toBeNull();
    expect(speller.correct("houstan", (n) => n.admin1 === "OH")).toBeNull();
    expect(speller.correct("houstan", (n) => n.admin1 === "TX")?.meant.name.id).toBe("1");
  });

  test("a correction keeps the first letter: Bavaria is not Savaria (Szombathely), though one edit away", () => {
    const speller = new PlaceSpelling([place("1", "savaria", 79_534, "HU", null)]);
    expect(speller.correct("bavaria")).toBeNull();
    expect(speller.near("bavaria", 1).map((h) => h.name.id)).toEqual(["1"]); // still a "did you mean"
    expect(speller.correct("savarai")?.meant.name.id).toBe("1");
  });
});
