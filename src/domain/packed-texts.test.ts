import { describe, expect, test } from "bun:test";
import { PackedTexts, TEXT_SEPARATOR } from "./packed-texts.ts";

describe("PackedTexts", () => {
  test("cuts each text out of the joined string", () => {
    const texts = PackedTexts.of(["nurse", "", "Pflegefachkraft (m/w/d)", "pielęgniarka"]);
    expect(texts.length).toBe(4);
    expect([0, 1, 2, 3].map((i) => texts.at(i))).toEqual(["nurse", "", "Pflegefachkraft (m/w/d)", "pielęgniarka"]);
    expect(texts.packed).toBe(
      `nurse${TEXT_SEPARATOR}${TEXT_SEPARATOR}Pflegefachkraft (m/w/d)${TEXT_SEPARATOR}pielęgniarka`,
    );
    expect(new PackedTexts(texts.packed).toArray()).toEqual(texts.toArray());
  });

  test("restored with the ends it stored, gives the same texts; ends that do not fit the string are refused", () => {
    const texts = PackedTexts.of(["nurse", "", "pielęgniarka"]);
    // "nurse" ends at 5, "" at 6 (one separator later), "pielęgniarka" (12 code units) at 19.
    expect([...texts.endsArray()]).toEqual([5, 6, 19]);
    expect(new PackedTexts(texts.packed, texts.endsArray()).toArray()).toEqual(["nurse", "", "pielęgniarka"]);
    expect(() => new PackedTexts(texts.packed, Int32Array.of(5, 6))).toThrow(/text 1 cannot end at 6/);
    // The last end right, an earlier one not at a separator ("nur" | "e␟␟pielęgniarka").
    expect(() => new PackedTexts(texts.packed, Int32Array.of(3, 19))).toThrow(/text 0 cannot end at 3/);
    expect(() => new PackedTexts("nurse", new Int32Array(0))).toThrow(/no ends/);
  });

  test("an empty list packs to the empty string and back", () => {
    expect(PackedTexts.of([]).packed).toBe("");
    expect(new PackedTexts("").length).toBe(0);
    expect(new PackedTexts("").sortedIndexOf("a")).toBe(-1);
  });

  test("refuses what it could not give back", () => {
    expect(() => PackedTexts.of([`a${TEXT_SEPARATOR}b`])).toThrow(/U\+001F/);
    expect(() => PackedTexts.of([""])).toThrow(/one empty text/);
  });

  test("finds a key in a list sorted by code units, by comparing in place", () => {
    // Code-unit order: "Z" (90) < "a" (97) < "z" (122) < "é" (233); a prefix sorts before its extensions.
    const sorted = ["Zimmerer", "a", "ab", "abc", "nurse", "nurse aide", "z", "é", "ébéniste"];
    expect([...sorted].sort()).toEqual(sorted);
    const texts = PackedTexts.of(sorted);
    sorted.forEach((key, i) => expect(texts.sortedIndexOf(key)).toBe(i));
    for (const missing of ["", "A", "aa", "abcd", "nurs", "nurse aides", "zz", "è", "ébénistes"])
      expect(texts.sortedIndexOf(missing)).toBe(-1);
  });

  test("the first text at or after a key: where the texts beginning with it start", () => {
    const sorted = ["Zimmerer", "a", "ab", "abc", "nurse", "nurse aide", "z", "é", "ébéniste"];
    const texts = PackedTexts.of(sorted);
    // By hand: "nurs" sorts after "abc" and before "nurse"; "b" after "abc"; "[" (91) after "Zimmerer" ("Z" is 90)
    // and before "a" (97); "ê" (234) after every text, "é" being 233.
    expect([texts.firstAtOrAfter("nurs"), texts.firstAtOrAfter("nurse"), texts.firstAtOrAfter("b")]).toEqual([4, 4, 4]);
    expect([texts.firstAtOrAfter(""), texts.firstAtOrAfter("["), texts.firstAtOrAfter("ê")]).toEqual([0, 1, 9]);
    expect(new PackedTexts("").firstAtOrAfter("a")).toBe(0);
  });

  test("agrees with Array#indexOf on a generated sorted list", () => {
    // A fixed pseudo-random list of short keys over a small alphabet (with accented letters), so near keys abound.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = "abé z";
    const key = () => Array.from({ length: 1 + (next() % 5) }, () => alphabet[next() % alphabet.length]).join("");
    const sorted = [...new Set(Array.from({ length: 400 }, key))].sort();
    const texts = PackedTexts.of(sorted);
    for (let i = 0; i < 2000; i++) {
      const probe = key();
      expect(texts.sortedIndexOf(probe)).toBe(sorted.indexOf(probe));
    }
  });
});
