// Evaluation sets for title matching, built from public sources and held out of the index while evaluating:
// - a random 20% of ESCO alternative labels in each language (target: the occupation's ISCO-08 unit group);
// - a random 20% of each national title list (target: the ISCO unit group its ESCO mapping gives);
// - a random 20% of O*NET's Sample of Reported Titles (target: the O*NET-SOC code it was reported for);
// - a random 20% of the Census index's titles (target: the detailed SOC codes its code stands for);
// - hand-written titles as job postings write them, per language (test/eval/postings/*.csv, labelled by
//   someone who had not seen the matcher), with ISCO-08 and, in English, SOC 2018 codes.
// "Random" is a fixed hash of the row, so every run holds out the same rows.
import type { Database } from "bun:sqlite";
import { parse } from "csv-parse/sync";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { LANGUAGE_COUNTRY, censusTitles, readHeadlines } from "../snapshot/title-ranker.ts";
import { heldOut, labelRowKey, onetRowKey, type RowKey } from "../../src/snapshot/repositories/title-lexicon.ts";

/** `alt`: other codes a careful coder also accepts (an ambiguous headline's ISCO unit groups, a Census aggregate's SOC codes). */
export interface EvalItem {
  title: string;
  country: string | null;
  isco: string | null;
  soc: string | null;
  alt?: string[];
}
export interface EvalSet {
  name: string;
  lang: string;
  items: EvalItem[];
}

const LANG_COUNTRY: Record<string, string | null> = { en: null, ...LANGUAGE_COUNTRY };
export const LANGUAGES = Object.keys(LANG_COUNTRY);

export interface EvalSets {
  sets: EvalSet[];
  heldOutRows: Set<RowKey>;
}

export function buildEvalSets(db: Database): EvalSets {
  const sets: EvalSet[] = [];
  const heldOutRows = new Set<RowKey>();
  const unitOf = new Map(
    db
      .query<{ uri: string; isco_unit: string }, []>("SELECT uri, isco_unit FROM esco_occupation")
      .all()
      .map((r) => [r.uri, r.isco_unit]),
  );
  const iscoOf = (concept: string) => (concept.startsWith("isco:") ? concept.slice(5) : (unitOf.get(concept) ?? null));

  const labels = db
    .query<{ concept: string; text: string; lang: string; source: string; country: string | null }, []>(
      "SELECT concept, text, lang, source, country FROM occupation_label WHERE source IN ('esco_alt', 'national') ORDER BY rowid",
    )
    .all();
  for (const lang of LANGUAGES) {
    const items: EvalItem[] = [];
    for (const l of labels) {
      if (l.source !== "esco_alt" || l.lang !== lang) continue;
      const key = labelRowKey(l.concept, l.text, l.source);
      if (!heldOut(key)) continue;
      heldOutRows.add(key);
      items.push({ title: l.text, country: LANG_COUNTRY[lang], isco: iscoOf(l.concept), soc: null });
    }
    sets.push({ name: `ESCO alt labels (${lang})`, lang, items });
  }
  for (const country of ["DE", "AT", "FR", "ES", "IT", "PL"]) {
    const items: EvalItem[] = [];
    let lang = "";
    for (const l of labels) {
      if (l.source !== "national" || l.country !== country) continue;
      lang = l.lang;
      const key = labelRowKey(l.concept, l.text, l.source);
      if (!heldOut(key)) continue;
      heldOutRows.add(key);
      items.push({ title: l.text, country, isco: iscoOf(l.concept), soc: null });
    }
    sets.push({ name: `national titles (${country})`, lang, items });
  }
  const reported = db
    .query<{ soc_code: string; title: string }, []>(
      "SELECT soc_code, title FROM onet_title WHERE kind = 'reported' ORDER BY rowid",
    )
    .all();
  const reportedItems: EvalItem[] = [];
  for (const r of reported) {
    const key = onetRowKey(r.soc_code, r.title, "reported");
    if (!heldOut(key)) continue;
    heldOutRows.add(key);
    reportedItems.push({ title: r.title, country: "US", isco: null, soc: r.soc_code.slice(0, 7) });
  }
  sets.push({ name: "O*NET reported titles (en)", lang: "en", items: reportedItems });
  // The Census index's held-out fifth (not labels: nothing to hold out of the lexicon; the ranker trains on the rest).
  const census = censusTitles(db).filter((c) => c.heldOut);
  if (census.length)
    sets.push({
      name: "Census index, held out (en)",
      lang: "en",
      items: census.map((c) => ({ title: c.title, country: "US", isco: null, soc: c.right[0], alt: c.right.slice(1) })),
    });
  sets.push(...postingSets(), ...headlineSets(), ...employerTitleSets());
  return { sets, heldOutRows };
}

const readCsv = (path: string) =>
  parse(readFileSync(path, "utf8"), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];

/**
 * Real employer titles from U.S. DOL filings with the SOC 2018 code their filers chose (DATA_MIRROR
 * titles/employer_titles_dev.csv), in their fixed dev and test splits: tune on dev, report on test.
 */
export function employerTitleSets(): EvalSet[] {
  const file = join(
    process.env.DATA_MIRROR ?? resolve(import.meta.dir, "../../../shared/data"),
    "titles/employer_titles_dev.csv",
  );
  if (!existsSync(file)) return [];
  const rows = readCsv(file);
  return ["dev", "test"].map((split) => ({
    name: `employer titles, ${split} (en)`,
    lang: "en",
    items: rows
      .filter((r) => r.split === split)
      .map((r) => ({ title: r.title, country: "US", isco: null, soc: r.soc })),
  }));
}

/** Our job-ad headlines per language (data/headlines), in their dev and test parts. */
export function headlineSets(): EvalSet[] {
  const all = readHeadlines();
  return [...new Set(all.map((h) => h.lang))].flatMap((lang) =>
    (["dev", "test"] as const).map((split) => ({
      name: `job-ad headlines, ${split} (${lang})`,
      lang,
      items: all
        .filter((h) => h.lang === lang && h.split === split)
        .map((h) => ({
          title: h.title,
          country: h.country,
          isco: h.target === "isco" ? h.code : null,
          soc: h.target === "soc" ? h.code : null,
          alt: h.alt,
        })),
    })),
  );
}

const POSTINGS = resolve(import.meta.dir, "../../test/eval/postings");

/** The hand-written posting titles: one CSV per language (title, isco, soc, note). */
export function postingSets(): EvalSet[] {
  if (!existsSync(POSTINGS)) return [];
  return readdirSync(POSTINGS)
    .filter((f) => f.endsWith(".csv"))
    .sort()
    .map((file) => {
      const lang = file.replace(/\.csv$/, "");
      const rows = parse(readFileSync(join(POSTINGS, file), "utf8"), {
        columns: true,
        skip_empty_lines: true,
        bom: true,
      }) as Record<string, string>[];
      const country = LANG_COUNTRY[lang] ?? null;
      return {
        name: `job postings, hand-labelled (${lang})`,
        lang,
        items: rows.map((r) => ({
          title: r.title,
          country: lang === "en" ? "US" : country,
          isco: r.isco?.trim().padStart(4, "0") || null,
          soc: r.soc?.trim() || null,
        })),
      };
    });
}
