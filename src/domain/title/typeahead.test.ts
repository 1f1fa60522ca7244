import { describe, expect, test } from "bun:test";
import { buildLexicon, type Concept, type LabelInput } from "./lexicon.ts";
import { TitleMatcher } from "./match.ts";
import { typedReadings } from "./typeahead.ts";

// Labels written by hand: "engineer" is written by two labels, "engine" by one; "nurse" by two, "nursery" by one.
const concept = (key: string, title: string): Concept => ({
  key,
  kind: "onet",
  title,
  soc: key,
  socBasis: null,
  isco: null,
  iscoBasis: null,
  employment: 1,
});
const concepts = [
  concept("15-1243.00", "Data Engineer"),
  concept("49-3031.00", "Engine Mechanic"),
  concept("29-1141.00", "Registered Nurses"),
  concept("39-9011.00", "Nursery Workers"),
];
const labels: LabelInput[] = [
  { concept: 0, text: "Data Engineer", lang: "en", source: "onet_alternate" },
  { concept: 0, text: "Software Engineer", lang: "en", source: "onet_alternate" },
  { concept: 1, text: "Engine Mechanic", lang: "en", source: "onet_title" },
  { concept: 2, text: "Registered Nurse", lang: "en", source: "onet_alternate" },
  { concept: 2, text: "Nurse", lang: "en", source: "onet_alternate" },
  { concept: 3, text: "Nursery Worker", lang: "en", source: "onet_alternate" },
  // A filed title is no word a label writes: it would make "nursemaid" a completion.
  { concept: 3, text: "NURSEMAID NURSEMAID", lang: "en", source: "employer_filing" },
];
const matcher = new TitleMatcher(buildLexicon(concepts, labels));
const read = (typed: string) => typedReadings(matcher, typed, { target: "soc", country: "US" });

describe("a begun last word is read as each of its likeliest completions", () => {
  test("each reading weighs the labels writing its word: engineer 2, engine 1, `engin` none (counted as 1)", () => {
    expect(read("data engin")).toEqual([
      { text: "data engin", weight: 1 / 4 },
      { text: "data engineer", weight: 2 / 4 },
      { text: "data engine", weight: 1 / 4 },
    ]);
  });

  test("a word labels write at least as often as any word it begins is finished", () => {
    expect(read("Registered Nurse")).toEqual([{ text: "Registered Nurse", weight: 1 }]);
    expect(read("Registered nur")).toEqual([
      { text: "Registered nur", weight: 1 / 4 },
      { text: "Registered nurse", weight: 2 / 4 },
      { text: "Registered nursery", weight: 1 / 4 },
    ]);
  });

  test("a suffix after a slash, a part after a hyphen and a two-letter start are no begun words", () => {
    expect(read("Data/engin")).toEqual([{ text: "Data/engin", weight: 1 }]);
    expect(read("Data-engin")).toEqual([{ text: "Data-engin", weight: 1 }]);
    expect(read("data en")).toEqual([{ text: "data en", weight: 1 }]);
  });
});
