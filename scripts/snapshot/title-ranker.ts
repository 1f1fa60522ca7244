// The title ranker's training data and its fit at snapshot build time (src/domain/title/train-ranker.ts): on the
// U.S. path the employer titles' dev split (coded_title), O*NET's reported titles and a quarter of the Census index;
// on the EU path a tenth of ESCO's alternative labels and the national lists, and the dev part of our job-ad
// headlines (data/headlines), each scored without its fold's own headlines among the lexicon's labels
// (writeHeadlineLabels); on both, text that is no title (notTitles), with no right answer.
// Test splits, test parts and the rows the evaluation holds out stay out, so `npm run eval:titles` reports on unseen titles.
import type { Database } from "bun:sqlite";
import { parse } from "csv-parse/sync";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { trainRanker, type TrainingTitle } from "../../src/domain/title/train-ranker.ts";
import { TitleMatcher } from "../../src/domain/title/match.ts";
import type { LabelSource, LexiconData } from "../../src/domain/title/lexicon.ts";
import type { RankerModel } from "../../src/domain/title/ranker.ts";
import { writePacked } from "../../src/snapshot/packed.ts";
import {
  RANKER_KEY,
  escoUnitsOnEuPath,
  heldOut,
  labelRowKey,
  onetRowKey,
} from "../../src/snapshot/repositories/title-lexicon.ts";
import { detailedSocCodes } from "../../src/domain/title/codes.ts";

export const HEADLINES = resolve(import.meta.dir, "../../data/headlines");
/** The country each EU language but English is matched for when a title carries no place of its own. */
export const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  de: "DE",
  fr: "FR",
  nl: "NL",
  pl: "PL",
  es: "ES",
  it: "IT",
};
// The country a file's headlines are matched for: its language's (English ads: Ireland's, on the EU path).
const HEADLINE_COUNTRY: Record<string, string> = { ...LANGUAGE_COUNTRY, en: "IE", "en-US": "US" };

export interface Headline {
  title: string;
  /** The file's name: a language, or a language and country (`en-US`). */
  lang: string;
  country: string;
  /** A file with an `isco` column codes ISCO-08 unit groups (the EU path); one with `soc`, SOC 2018 (the U.S. path). */
  target: "isco" | "soc";
  code: string;
  alt: string[];
  split: "dev" | "test";
}

/** data/headlines/<lang>.csv: title, isco or soc, alt (`;`-separated), split, note. */
export function readHeadlines(): Headline[] {
  return readdirSync(HEADLINES)
    .filter((f) => f.endsWith(".csv"))
    .sort()
    .flatMap((file) => {
      const lang = file.replace(/\.csv$/, "");
      const rows = parse(readFileSync(join(HEADLINES, file), "utf8"), {
        columns: true,
        skip_empty_lines: true,
        bom: true,
      }) as Record<string, string>[];
      const country = HEADLINE_COUNTRY[lang];
      if (!country) throw new Error(`data/headlines/${file}: no country for "${lang}"`);
      return rows.map((r): Headline => {
        const target = r.soc !== undefined ? "soc" : "isco";
        return {
          title: r.title,
          lang,
          country,
          target,
          code: target === "soc" ? r.soc.trim() : r.isco.trim().padStart(4, "0"),
          alt: (r.alt ?? "")
            .split(";")
            .map((a) => a.trim())
            .filter(Boolean),
          split: r.split === "test" ? "test" : "dev",
        };
      });
    });
}

/**
 * The Census index's titles (census_occupation_title), one per title whatever its case, with every detailed SOC
 * code its rows name (a title coded by industry names several: without the industry, each is right). `heldOut`:
 * whether the evaluation keeps it (a fixed fifth, by a hash of the title).
 */
export function censusTitles(db: Database): { title: string; right: string[]; heldOut: boolean }[] {
  const detailed = db
    .query<{ soc: string }, []>("SELECT DISTINCT substr(soc_code, 1, 7) AS soc FROM onet_occupation ORDER BY soc")
    .all()
    .map((r) => r.soc);
  const byTitle = new Map<string, { title: string; right: Set<string> }>();
  for (const r of db
    .query<{ title: string; soc_code: string | null }, []>(
      "SELECT title, soc_code FROM census_occupation_title ORDER BY rowid",
    )
    .all()) {
    const key = r.title.toLowerCase();
    const entry = byTitle.get(key) ?? byTitle.set(key, { title: r.title, right: new Set() }).get(key)!;
    for (const code of detailedSocCodes(r.soc_code ?? "", detailed)) entry.right.add(code);
  }
  return [...byTitle]
    .filter(([, e]) => e.right.size)
    .map(([key, e]) => ({ title: e.title, right: [...e.right], heldOut: heldOut(`census:${key}`) }));
}

/**
 * Text that is no job title, as it lands in title fields: software products (O*NET's technology examples), places
 * (GeoNames cities of 100,000 people or more) and O*NET's names of skills, knowledge areas and work activities.
 * None has a right occupation: in training they teach the outside option ("none is right") what such text looks like.
 * `heldOut`: a fixed fifth (by a hash of the text) the evaluation keeps.
 */
export function notTitles(db: Database): { text: string; kind: string; heldOut: boolean }[] {
  const pick = (text: string, every: bigint) => Number(Bun.hash.wyhash(text, 11n) % every) === 0;
  const rows = [
    ...db
      .query<{ text: string }, []>("SELECT DISTINCT example AS text FROM onet_technology ORDER BY 1")
      .all()
      .filter((r) => pick(r.text, 8n))
      .map((r) => ({ text: r.text, kind: "software product" })),
    ...db
      .query<{ text: string }, []>("SELECT DISTINCT name AS text FROM place_name WHERE population >= 100000 ORDER BY 1")
      .all()
      .filter((r) => pick(r.text, 8n))
      .map((r) => ({ text: r.text, kind: "place" })),
    ...db
      .query<{ text: string }, []>(
        "SELECT DISTINCT name AS text FROM onet_element WHERE element_id LIKE '2.%' OR element_id LIKE '4.A.%' ORDER BY 1",
      )
      .all()
      .map((r) => ({ text: r.text, kind: "skill or activity" })),
  ];
  return rows.map((r) => ({ ...r, heldOut: heldOut(`not-a-title:${r.text.toLowerCase()}`) }));
}
/** Countries the not-titles are sent with on the EU path, by a hash of the text. */
const EU_COUNTRIES = ["DE", "FR", "NL", "PL", "ES", "IT"];

// Titles as users write them (filings, job ads) count three times a publisher list's in the fit: they are whom the
// ranker serves (chosen on the training titles' out-of-fold accuracy).
const USER_TITLE_WEIGHT = 3;

export function rankerTrainingTitles(db: Database): TrainingTitle[] {
  const filed = db
    .query<{ soc_code: string; title: string }, []>("SELECT soc_code, title FROM coded_title ORDER BY rowid")
    .all()
    .map(
      (r): TrainingTitle => ({
        title: r.title,
        country: "US",
        target: "soc",
        right: [r.soc_code],
        set: "employer titles, dev",
        ownLabel: "employer_filing",
        calibrates: true,
        weight: USER_TITLE_WEIGHT,
      }),
    );
  // O*NET's Sample of Reported Titles, less the fifth the evaluation holds out: titles as workers report them.
  const reported = db
    .query<{ soc_code: string; title: string }, []>(
      "SELECT soc_code, title FROM onet_title WHERE kind = 'reported' ORDER BY rowid",
    )
    .all()
    .filter((r) => !heldOut(onetRowKey(r.soc_code, r.title, "reported")))
    .map(
      (r): TrainingTitle => ({
        title: r.title,
        country: "US",
        target: "soc",
        right: [r.soc_code.slice(0, 7)],
        set: "O*NET reported titles",
        ownLabel: "onet_reported",
        calibrates: false,
      }),
    );
  // ESCO's alternative labels and the national title lists, a fixed tenth of the rows the evaluation does not hold
  // out: titles in the seven languages as classifications write them (a tenth keeps the fit to seconds).
  // The unit group each ESCO occupation has on the EU path, as the lexicon gives it (ESCO's, or the ILO's).
  const euUnits = escoUnitsOnEuPath(db);
  const countryOf: Record<string, string> = { ...LANGUAGE_COUNTRY, en: "GB" };
  const listed = db
    .query<{ concept: string; text: string; lang: string; source: string; country: string | null }, []>(
      "SELECT concept, text, lang, source, country FROM occupation_label WHERE source IN ('esco_alt', 'national') ORDER BY rowid",
    )
    .all()
    .filter(
      (l) => !heldOut(labelRowKey(l.concept, l.text, l.source)) && Number(Bun.hash.wyhash(l.text, 7n) % 10n) === 0,
    )
    .flatMap((l): TrainingTitle[] => {
      const isco = l.concept.startsWith("isco:") ? l.concept.slice(5) : euUnits.get(l.concept)?.unit;
      return isco
        ? [
            {
              title: l.text,
              country: l.country ?? countryOf[l.lang],
              target: "isco",
              right: [isco],
              set: `${l.source} (${l.lang})`,
              ownLabel: l.source as LabelSource,
              calibrates: false,
            },
          ]
        : [];
    });
  const headlines = readHeadlines()
    .filter((h) => h.split === "dev")
    .map(
      (h): TrainingTitle => ({
        title: h.title,
        country: h.country,
        target: h.target,
        right: [h.code, ...h.alt],
        set: `job-ad headlines, dev (${h.lang})`,
        ownLabel: h.target === "isco" ? "job_ad_headline" : undefined,
        calibrates: true,
        weight: USER_TITLE_WEIGHT,
      }),
    );
  // The Census index, less the fifth the evaluation holds out: titles as people report them in surveys, the
  // population beside the filers'. A title coded by industry has several right codes.
  const census = censusTitles(db)
    .filter((c) => !c.heldOut && Number(Bun.hash.wyhash(c.title, 7n) % 4n) === 0)
    .map(
      (c): TrainingTitle => ({
        title: c.title,
        country: "US",
        target: "soc",
        right: c.right,
        set: "Census index",
        calibrates: false,
      }),
    );
  const negatives = notTitles(db)
    .filter((n) => !n.heldOut)
    .flatMap((n): TrainingTitle[] => [
      { title: n.text, country: "US", target: "soc", right: [], set: "not a title", calibrates: false },
      {
        title: n.text,
        country: EU_COUNTRIES[Number(Bun.hash.wyhash(n.text, 3n) % 6n)],
        target: "isco",
        right: [],
        set: "not a title",
        calibrates: false,
      },
    ]);
  return [...filed, ...reported, ...census, ...listed, ...headlines, ...negatives];
}

/** Trains the ranker on a lexicon: the one the snapshot serves, or the evaluation's without its held-out rows. */
export function titleRanker(db: Database, lexicon: LexiconData, options: { draw?: number } = {}): RankerModel {
  return trainRanker(new TitleMatcher(lexicon), rankerTrainingTitles(db), options);
}

export function writeTitleRanker(db: Database, model: RankerModel) {
  writePacked(db, RANKER_KEY, { model: JSON.stringify(model) });
}
