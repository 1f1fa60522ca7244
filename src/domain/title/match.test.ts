import { describe, expect, test } from "bun:test";
import { buildLexicon, type Concept, type LabelInput } from "./lexicon.ts";
import { TitleMatcher } from "./match.ts";

// Three occupations, labelled by hand: a housekeeper (O*NET title, and a filer's misspelling of it), a gardener
// and a cook. Each has both codes, so either path can answer with it.
const concept = (key: string, title: string, isco: string): Concept => ({
  key,
  kind: "onet",
  title,
  soc: key,
  socBasis: null,
  isco,
  iscoBasis: null,
  employment: 1000,
});
const concepts = [
  concept("37-2012.00", "Maids and Housekeeping Cleaners", "9111"),
  concept("37-3011.00", "Landscaping and Groundskeeping Workers", "6113"),
  concept("35-2014.00", "Cooks, Restaurant", "5120"),
];
const labels: LabelInput[] = [
  { concept: 0, text: "Housekeeper", lang: "en", source: "onet_title" },
  { concept: 0, text: "Houskeeper", lang: "en", source: "employer_filing" },
  { concept: 1, text: "Gardener", lang: "en", source: "onet_title" },
  { concept: 2, text: "Cook", lang: "en", source: "onet_title" },
];
const lexicon = buildLexicon(concepts, labels);
const matcher = new TitleMatcher(lexicon);
const filedEntry = [...lexicon.entryConcept.keys()].find(
  (e) => lexicon.labels.at(lexicon.entryLabel[e]) === "Houskeeper",
)!;
const withheldFiled = new Uint8Array(lexicon.entryConcept.length);
withheldFiled[filedEntry] = 1;

describe("a word only unreadable labels hold is read as unknown", () => {
  test("the filed misspelling itself: an exact match on the U.S. path", () => {
    const stage = matcher.firstStage("Houskeeper", { target: "soc" }, 4);
    expect(stage.proposals[0]).toMatchObject({ code: "37-2012.00", exact: true, source: "employer_filing" });
    expect(stage.title.unknownShare).toBe(0);
  });

  test("withheld (as the ranker's training scores the filer's own fold): looked up as a misspelling", () => {
    const stage = matcher.firstStage("Houskeeper", { target: "soc", withheld: withheldFiled }, 4);
    // Not exact: found through "housekeeper", the nearest known word (pg_trgm similarity over 0.45).
    expect(stage.proposals[0]).toMatchObject({ code: "37-2012.00", exact: false, source: "onet_title" });
    expect(stage.title.unknownShare).toBe(1);
  });

  test("on the EU path, which reads no filed U.S. title, the same", () => {
    const stage = matcher.firstStage("Houskeeper", { target: "isco" }, 4);
    expect(stage.proposals[0]).toMatchObject({ code: "9111", exact: false, source: "onet_title" });
    expect(stage.title.unknownShare).toBe(1);
  });

  test("a word readable labels hold is known, withheld or not", () => {
    const stage = matcher.firstStage("Gardener", { target: "soc", withheld: withheldFiled }, 4);
    expect(stage.proposals[0]).toMatchObject({ code: "37-3011.00", exact: true });
    expect(stage.title.unknownShare).toBe(0);
  });
});

describe("a job-ad headline labels its role", () => {
  // An Italian headline coded 4110 by our coders, beside ESCO's insurance clerk (by hand: no ESCO label is the
  // role's two words).
  const isco = (key: string, title: string, code: string): Concept => ({ ...concept(key, title, code), kind: "isco" });
  const adLexicon = buildLexicon(
    [
      isco("isco:4110", "General Office Clerks", "4110"),
      isco("isco:4312", "Insurance Clerks", "4312"),
      isco("isco:5131", "Waiters", "5131"),
    ],
    [
      {
        concept: 2,
        text: "☀️ Camarero/a de Sala – Restaurante en Ibiza – Temporada",
        lang: "es",
        source: "job_ad_headline",
      },
      {
        concept: 0,
        text: "Impiegata amministrativa – part time 20 ore, zona Bologna",
        lang: "it",
        source: "job_ad_headline",
      },
      { concept: 1, text: "impiegato di assicurazione", lang: "it", source: "esco_preferred" },
      // A deputy's headline: its rank is a word the matcher drops, so it would label every "Filialleitung".
      { concept: 1, text: "Stv. Filialleitung 100 % – Detailhandel Basel", lang: "de", source: "job_ad_headline" },
    ],
  );
  const ads = new TitleMatcher(adLexicon);

  test("the role's words are the label's: an exact match, whatever the headline around it", () => {
    const stage = ads.firstStage("Impiegato amministrativo – Milano", { target: "isco", country: "IT" }, 4);
    expect(stage.proposals[0]).toMatchObject({ code: "4110", exact: true, source: "job_ad_headline" });
  });

  test("an answer shows the headline's role as its label, not the ad around it", () => {
    const m = ads.matchUncached("Impiegato amministrativo", { target: "isco", country: "IT" });
    expect([m?.best.code, m?.best.label, m?.best.labelSource]).toEqual([
      "4110",
      "Impiegata amministrativa",
      "job_ad_headline",
    ]);
    // Without a leading emoji.
    const waiter = ads.matchUncached("Camarera de sala", { target: "isco", country: "ES" });
    expect([waiter?.best.code, waiter?.best.label]).toEqual(["5131", "Camarero/a de Sala"]);
  });

  test("a role with a rank the matcher drops labels nothing", () => {
    expect(ads.firstStage("Filialleitung", { target: "isco", country: "DE" }, 4).proposals).toEqual([]);
  });

  test("its place and hours are no words of the label", () => {
    expect(ads.firstStage("Bologna", { target: "isco", country: "IT" }, 4).proposals).toEqual([]);
    expect(ads.firstStage("part time 20 ore", { target: "isco", country: "IT" }, 4).proposals).toEqual([]);
  });
});

describe("German and Dutch labels: the role is the head, not the department after it", () => {
  // Labels written by hand as ESCO and national lists write them: one-word roles, then the same roles before their
  // department or workplace, and one before an adjective's noun.
  const isco = (key: string, title: string, code: string): Concept => ({ ...concept(key, title, code), kind: "isco" });
  const labels: LabelInput[] = [
    { concept: 0, text: "medewerker kassa", lang: "nl", source: "esco_alt" },
    { concept: 0, text: "Kassamedewerker", lang: "nl", source: "esco_alt" },
    { concept: 0, text: "Verkoopmedewerker", lang: "nl", source: "esco_preferred" },
    { concept: 0, text: "kassamedewerker supermarkt", lang: "nl", source: "esco_alt" },
    { concept: 1, text: "manager supermarkt", lang: "nl", source: "esco_alt" },
    { concept: 1, text: "manager verkoop", lang: "nl", source: "esco_alt" },
    { concept: 1, text: "Manager", lang: "nl", source: "esco_alt" },
    { concept: 1, text: "Verkoopmanager", lang: "nl", source: "esco_alt" },
    { concept: 2, text: "Medizinische Fachangestellte", lang: "de", source: "esco_preferred" },
    { concept: 1, text: "manager operations", lang: "en", source: "esco_alt" },
  ];
  const lx = buildLexicon(
    [
      isco("isco:5230", "Cashiers", "5230"),
      isco("isco:1420", "Shop Managers", "1420"),
      isco("isco:3256", "MFA", "3256"),
    ],
    labels,
  );
  const headOf = (text: string) => {
    const e = [...lx.entryConcept.keys()].find((i) => lx.labels.at(lx.entryLabel[i]) === text)!;
    return lx.words[lx.entryHead[e]];
  };

  test("a word that ends two one-word labels names a role: it heads the label whose last word names none", () => {
    expect(headOf("kassamedewerker supermarkt")).toBe("medewerker");
    expect(headOf("manager supermarkt")).toBe("manager");
    expect(headOf("medewerker kassa")).toBe("medewerker");
  });

  test("an adjective before the role, and English labels, keep the last word", () => {
    expect(headOf("Medizinische Fachangestellte")).toBe("fachangestellt");
    // English writes the role last: a label putting it first is not re-headed (manager ends two one-word labels).
    expect(headOf("manager operations")).toBe("operation");
  });
});

describe("a label cut to one word by its level, schedule or filler words is no exact match for that word", () => {
  // Written by hand as O*NET writes alternate titles: "Overnight Associate" (a stocker working nights) holds one word
  // once its schedule word is read as such, and "Associate" alone names no role.
  const labels: LabelInput[] = [
    { concept: 0, text: "Overnight Associate", lang: "en", source: "onet_alternate" },
    { concept: 1, text: "Gardener", lang: "en", source: "onet_title" },
    { concept: 1, text: "Senior Gardener", lang: "en", source: "onet_alternate" },
  ];
  const lx = buildLexicon(concepts.slice(0, 2), labels);
  const cut = new TitleMatcher(lx);

  test("the title of that one word reaches the label by its words, not as the label itself", () => {
    const stage = cut.firstStage("Associate", { target: "soc" }, 4);
    expect(stage.proposals[0]).toMatchObject({ code: "37-2012.00", exact: false });
    // Typed in full, the label is still itself (by its words as written).
    expect(cut.firstStage("Overnight Associate", { target: "soc" }, 4).proposals[0]).toMatchObject({
      code: "37-2012.00",
      exact: true,
    });
  });

  test("a one-word label stays exact, whatever else of its occupation is written with a level word", () => {
    expect(cut.firstStage("Gardener", { target: "soc" }, 4).proposals[0]).toMatchObject({
      code: "37-3011.00",
      exact: true,
    });
  });
});
