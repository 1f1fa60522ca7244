// The title lexicon's inputs from the snapshot tables (O*NET titles, ESCO labels, national titles, crosswalks), and
// the built lexicon stored packed under title_lexicon.* so start-up loads it without rebuilding.
import type { Database } from "bun:sqlite";
import type { Concept, LabelInput, LabelSource, LexiconData } from "../../domain/title/lexicon.ts";
import { RANKER_FEATURES, type RankerModel } from "../../domain/title/ranker.ts";
import { SnapshotError } from "../open.ts";
import { packedEnsemble } from "../../domain/title/boosting.ts";
import { iscoForOnet, socForEsco } from "../../domain/title/codes.ts";
import { titleWords, type Lang } from "../../domain/title/text.ts";
import { bytesOf, packStrings, packTexts, readPacked, storedTexts, typedFrom, unpackStrings } from "../packed.ts";
import { WagesRepository } from "./wages.ts";
import { packTrigramIndex, restoreTrigramIndex } from "./title-search.ts";

export interface LexiconInputs {
  concepts: Concept[];
  labels: (LabelInput & { rowKey: string })[];
}

/**
 * Every occupation and label the matcher knows, with the codes each path uses. `rowKey` names the label's source
 * row (see scripts/eval/title-sets.ts), so an evaluation can hold rows out.
 */
export function lexiconInputs(db: Database): LexiconInputs {
  const wages = new WagesRepository(db);
  const byCode = wages.nationalEmployment(wages.latestYear);
  // An O*NET .xx occupation weighs as the code OEWS publishes its 6-digit SOC code under, shared evenly among the
  // SOC codes an aggregate or broad group holds (a ranking prior only, never served).
  const employment = (onet: string) => {
    const found = wages.oewsCodeFor(wages.latestYear, onet.slice(0, 7));
    if (!found) return 0;
    const sharing = found.basis === "own_code" ? 1 : wages.codesHeldBy(wages.latestYear, found.code).length;
    return (byCode.get(found.code) ?? 0) / sharing;
  };

  const tableUnits = groupBy(
    db
      .query<{ onet: string; isco: string }, []>(
        `SELECT DISTINCT b.soc2019_code AS onet, x.isco_code AS isco FROM onet_soc_2010_2019 b
     JOIN isco_soc2010 x ON x.soc2010_code = substr(b.soc2010_code, 1, 7) ORDER BY 1, 2`,
      )
      .all(),
    (r) => r.onet,
    (r) => r.isco,
  );
  const unitSocs = groupBy(
    [...tableUnits].flatMap(([onet, units]) => units.map((isco) => ({ onet, isco }))),
    (r) => r.isco,
    (r) => r.onet,
  );
  const euUnits = escoUnitsOnEuPath(db);
  const crosswalk = db
    .query<{ onet_code: string; esco_uri: string; match_type: string }, []>(
      "SELECT onet_code, esco_uri, match_type FROM esco_onet ORDER BY 1, 2",
    )
    .all();
  const closeUnits = groupBy(
    crosswalk.filter((r) => /^(exactMatch|closeMatch|exactISCO)$/.test(r.match_type)),
    (r) => r.onet_code,
    (r) => (r.esco_uri.startsWith("isco:") ? r.esco_uri.slice(5) : (euUnits.get(r.esco_uri)?.unit ?? "")),
  );
  const onetOf = groupBy(
    crosswalk.filter((r) => !r.esco_uri.startsWith("isco:")),
    (r) => r.esco_uri,
    (r) => ({ onet: r.onet_code, relation: r.match_type }),
  );
  const iscoTitle = new Map(
    db
      .query<{ code: string; title: string }, []>("SELECT code, title FROM isco_08")
      .all()
      .map((r) => [r.code, r.title]),
  );

  const concepts: Concept[] = [];
  const index = new Map<string, number>();
  const add = (c: Concept) => index.set(c.key, concepts.push(c) - 1);
  const onet = db
    .query<{ soc_code: string; title: string }, []>("SELECT soc_code, title FROM onet_occupation ORDER BY soc_code")
    .all();
  for (const o of onet) {
    const isco = iscoForOnet(tableUnits.get(o.soc_code) ?? [], (closeUnits.get(o.soc_code) ?? []).filter(Boolean));
    add({
      key: o.soc_code,
      kind: "onet",
      title: o.title,
      soc: o.soc_code,
      socBasis: "onet",
      isco: isco?.unit ?? null,
      iscoBasis: isco?.basis ?? null,
      employment: employment(o.soc_code),
    });
  }
  const onetCodes = new Set(onet.map((o) => o.soc_code));
  // Each O*NET occupation's own names (title and alternate titles) as the matcher's words, to recognise an ESCO
  // occupation's English name among them.
  const wording = (text: string) => titleWords(text).words.join(" ");
  const onetNames = groupBy(
    db
      .query<{ soc_code: string; title: string }, []>(
        "SELECT soc_code, title FROM onet_occupation UNION SELECT soc_code, title FROM onet_title WHERE kind IN ('title', 'alternate')",
      )
      .all(),
    (r) => r.soc_code,
    (r) => wording(r.title),
  );
  const onetNameSets = new Map([...onetNames].map(([code, names]) => [code, new Set(names)]));
  const socOf = (matches: { onet: string; relation: string }[], unit: string, nameEn: string | null = null) =>
    socForEsco(
      matches.filter((m) => onetCodes.has(m.onet)),
      (unitSocs.get(unit) ?? []).filter((c) => onetCodes.has(c)),
      employment,
      (code) => nameEn !== null && (onetNameSets.get(code)?.has(wording(nameEn)) ?? false),
    );
  for (const e of db
    .query<{ uri: string; isco_unit: string; label_en: string | null }, []>(
      "SELECT uri, isco_unit, label_en FROM esco_occupation ORDER BY uri",
    )
    .all()) {
    const soc = socOf(onetOf.get(e.uri) ?? [], e.isco_unit, e.label_en);
    const eu = euUnits.get(e.uri)!;
    add({
      key: e.uri,
      kind: "esco",
      title: e.label_en ?? iscoTitle.get(e.isco_unit) ?? e.isco_unit,
      soc: soc?.soc ?? null,
      socBasis: soc?.basis ?? null,
      isco: eu.unit,
      iscoBasis: eu.basis,
      employment: soc ? employment(soc.soc) : 0,
    });
  }
  // Every ISCO-08 unit group: national titles point at some directly, and any can be asked for by code.
  for (const { code: unit } of db
    .query<{ code: string }, []>("SELECT code FROM isco_08 WHERE level = 4 ORDER BY code")
    .all()) {
    const concept = `isco:${unit}`;
    const soc = socOf([], unit);
    add({
      key: concept,
      kind: "isco",
      title: iscoTitle.get(unit) ?? unit,
      soc: soc?.soc ?? null,
      socBasis: soc?.basis ?? null,
      isco: unit,
      iscoBasis: "isco",
      employment: soc ? employment(soc.soc) : 0,
    });
  }

  const ONET_SOURCE: Record<string, LabelSource> = {
    title: "onet_title",
    alternate: "onet_alternate",
    short: "onet_short",
    reported: "onet_reported",
  };
  const labels: LexiconInputs["labels"] = [];
  for (const t of db
    .query<{ soc_code: string; title: string; kind: string }, []>(
      "SELECT soc_code, title, kind FROM onet_title ORDER BY rowid",
    )
    .all()) {
    const concept = index.get(t.soc_code);
    if (concept !== undefined)
      labels.push({
        concept,
        text: t.title,
        lang: "en",
        source: ONET_SOURCE[t.kind],
        rowKey: onetRowKey(t.soc_code, t.title, t.kind),
      });
  }
  // Employers' titles with the SOC 2018 code they filed (the dev split): the O*NET-SOC occupation of that code, its
  // ".00" when O*NET has one, else the first of its O*NET-SOC children (a U.S. answer is by the 6-digit code anyway).
  const socConcept = new Map<string, number>();
  for (const [key, i] of index)
    if (/^\d{2}-\d{4}\.\d{2}$/.test(key) && (!socConcept.has(key.slice(0, 7)) || key.endsWith(".00")))
      socConcept.set(key.slice(0, 7), i);
  for (const t of db
    .query<{ soc_code: string; title: string }, []>(
      "SELECT soc_code, title FROM coded_title ORDER BY records DESC, rowid",
    )
    .all()) {
    const concept = socConcept.get(t.soc_code);
    if (concept !== undefined)
      labels.push({
        concept,
        text: t.title,
        lang: "en",
        source: "employer_filing",
        rowKey: labelRowKey(t.soc_code, t.title, "employer_filing"),
      });
  }
  // OEWS's title for an aggregate or broad group it publishes in place of detailed codes names each of them.
  for (const o of db
    .query<{ oews_code: string; soc_code: string }, [number]>(
      "SELECT oews_code, soc_code FROM oews_code_map WHERE year = ? AND basis != 'own_code' ORDER BY 1, 2",
    )
    .all(wages.latestYear)) {
    const title = wages.titleOf(wages.latestYear, o.oews_code)!;
    for (const t of onet.filter((x) => x.soc_code.startsWith(`${o.soc_code}.`))) {
      labels.push({
        concept: index.get(t.soc_code)!,
        text: title,
        lang: "en",
        source: "oews_title",
        rowKey: labelRowKey(t.soc_code, title, "oews_title"),
      });
    }
  }
  for (const l of db
    .query<{ concept: string; text: string; lang: string; source: string }, []>(
      "SELECT concept, text, lang, source FROM occupation_label ORDER BY rowid",
    )
    .all()) {
    const concept = index.get(l.concept);
    if (concept !== undefined && !(l.source === "isco_group" && GROUP_TITLES_UNREAD.has(l.lang)))
      labels.push({
        concept,
        text: l.source === "national" ? withoutClassMarker(l.text) : l.text,
        lang: l.lang as Lang,
        source: l.source as LabelSource,
        rowKey: labelRowKey(l.concept, l.text, l.source),
      });
  }
  // Our job-ad headlines' dev parts, each a label of the ISCO-08 unit group its coders chose.
  for (const h of db
    .query<{ title: string; lang: string; isco: string }, []>(
      "SELECT title, lang, isco FROM job_ad_headline ORDER BY rowid",
    )
    .all()) {
    const concept = index.get(`isco:${h.isco}`);
    if (concept !== undefined)
      labels.push({
        concept,
        text: h.title,
        lang: h.lang as Lang,
        source: "job_ad_headline",
        rowKey: labelRowKey(`isco:${h.isco}`, h.title, "job_ad_headline"),
      });
  }
  return { concepts, labels };
}

/**
 * A national title without the mark its classification puts on a group's general case: Spain's CO-SISPE ends 258 of
 * its titles with "EN GENERAL" (`TÉCNICOS MEDIOS EN RECURSOS HUMANOS, EN GENERAL`), words no job ad writes.
 */
const withoutClassMarker = (text: string) => text.replace(/,?\s+en general\s*$/iu, "");

/**
 * Languages whose ISCO unit group titles are not labels: German names groups by collective nouns in -kräfte
 * (`Führungskräfte in Restaurants`, 1412), which meet the -kraft compounds German ads name roles with (`Servicekraft
 * Restaurant` became a restaurant manager at 0.7). Measured over three retrains: German hand-labelled postings' unit
 * group 79.2% before the group titles, 76.3% with the German ones, 78.4% without (BENCHMARKS.md).
 */
const GROUP_TITLES_UNREAD = new Set(["de"]);

/** Identifies an index row, so an evaluation can hold it out: `label:<concept>|<text>|<source>` or `onet:<soc>|<title>|<kind>`. */
export type RowKey = string;
export const labelRowKey = (concept: string, text: string, source: string): RowKey =>
  `label:${concept}|${text}|${source}`;
export const onetRowKey = (soc: string, title: string, kind: string): RowKey => `onet:${soc}|${title}|${kind}`;
/** The fixed fifth of rows the evaluation holds out of the index (and the ranker's training): a hash of the row. */
export const heldOut = (key: RowKey) => Number(Bun.hash.wyhash(key, 12n) % 5n) === 0;

function groupBy<T, V>(rows: readonly T[], key: (r: T) => string, value: (r: T) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(value(r));
    else out.set(k, [value(r)]);
  }
  return out;
}

/**
 * Each ESCO occupation's ISCO-08 unit group on the EU path: ESCO's own, except where the ILO names the occupation (its
 * English preferred label, ignoring case) as an example of exactly one other unit group (isco_example: included and
 * excluded occupations). ISCO-08 is the ILO's classification: in ESCO v1.2.1 this moves 8 occupations, ESCO's
 * radiographer 2269 → 3211 among them (docs/matching.md lists them). And a technician ESCO files among professionals
 * (major group 2) moves to the associate professionals' unit group (major group 3) the ILO names one of its English
 * labels an example of, if exactly one: ISCO-08 files technicians in major group 3 (3 occupations: ESCO's pharmacy
 * technician, labelled "pharmaceutical technician", 2262 → 3213 among them). The lexicon, the crosswalk's narrowing
 * of O*NET occupations and the ranker's training all read it.
 */
export function escoUnitsOnEuPath(db: Database): Map<string, { unit: string; basis: "esco" | "ilo_example" }> {
  const named = groupBy(
    db.query<{ title: string; isco_code: string }, []>("SELECT DISTINCT title, isco_code FROM isco_example").all(),
    (r) => r.title.toLowerCase(),
    (r) => r.isco_code,
  );
  const oneOther = (label: string | null | undefined, unit: string) => {
    const ilo = [...new Set(named.get(label?.toLowerCase() ?? ""))];
    return ilo.length === 1 && ilo[0] !== unit ? ilo[0] : null;
  };
  const englishLabels = groupBy(
    db
      .query<{ concept: string; text: string }, []>(
        "SELECT concept, text FROM occupation_label WHERE lang = 'en' AND source IN ('esco_preferred', 'esco_alt') ORDER BY rowid",
      )
      .all(),
    (r) => r.concept,
    (r) => r.text,
  );
  const technicianUnit = (uri: string, unit: string, name: string | null) => {
    if (!unit.startsWith("2") || !/\btechnician$/i.test(name ?? "")) return null;
    const units = new Set(
      (englishLabels.get(uri) ?? []).map((l) => oneOther(l, unit)).filter((u) => u?.startsWith("3")),
    );
    return units.size === 1 ? [...units][0] : null;
  };
  const rows = db
    .query<{ uri: string; isco_unit: string; label_en: string | null }, []>(
      "SELECT uri, isco_unit, label_en FROM esco_occupation",
    )
    .all();
  return new Map(
    rows.map((e) => {
      const moved = oneOther(e.label_en, e.isco_unit) ?? technicianUnit(e.uri, e.isco_unit, e.label_en);
      return [e.uri, moved ? { unit: moved, basis: "ilo_example" } : { unit: e.isco_unit, basis: "esco" }];
    }),
  );
}

const CONCEPT_COLUMNS = ["key", "kind", "title", "soc", "socBasis", "isco", "iscoBasis"] as const;

/** The lexicon as the snapshot build stores it (title_lexicon.*): strings packed, numbers as typed-array bytes. */
export function packLexicon(lx: LexiconData): Record<string, string | Uint8Array> {
  const out: Record<string, string | Uint8Array> = {
    words: packStrings(lx.words),
    word_weight: bytesOf(lx.wordWeight),
    word_langs: bytesOf(lx.wordLangs),
    word_headness: bytesOf(lx.wordHeadness),
    ...packTexts("labels", lx.labels),
    entry_concept: bytesOf(lx.entryConcept),
    entry_label: bytesOf(lx.entryLabel),
    entry_lang: bytesOf(lx.entryLang),
    entry_source: bytesOf(lx.entrySource),
    entry_head: bytesOf(lx.entryHead),
    entry_mass: bytesOf(lx.entryMass),
    posting_start: bytesOf(lx.postingStart),
    posting_entries: bytesOf(lx.postingEntries),
    ...packTexts("exact_keys", lx.exactKeys),
    exact_start: bytesOf(lx.exactStart),
    exact_entries: bytesOf(lx.exactEntries),
    compound_words: packStrings(lx.compoundWords),
    ...Object.fromEntries(Object.entries(packTrigramIndex(lx.wordIndex)).map(([k, v]) => [`word_${k}`, v])),
    compound_split_words: packStrings(lx.compoundIndex.allTexts()),
    ...Object.fromEntries(Object.entries(packTrigramIndex(lx.compoundIndex)).map(([k, v]) => [`compound_${k}`, v])),
    ...packTexts("written_words", lx.writtenWords),
    written_labels: bytesOf(lx.writtenLabels),
    written_langs: bytesOf(lx.writtenLangs),
    concept_employment: bytesOf(Float32Array.from(lx.concepts, (c) => c.employment)),
  };
  for (const col of CONCEPT_COLUMNS) out[`concept_${col}`] = packStrings(lx.concepts.map((c) => c[col] ?? ""));
  return out;
}

export const RANKER_KEY = "title_ranker.";

/** The title ranker the snapshot build trained, or null in a snapshot built before it existed. */
export function storedRanker(db: Database): RankerModel | null {
  const json = readPacked(db, RANKER_KEY).get("model");
  if (typeof json !== "string") return null;
  const model = JSON.parse(json) as RankerModel;
  // The model reads features by position: one trained on other features would answer, wrongly.
  if (model.features.join() !== RANKER_FEATURES.join())
    throw new SnapshotError(
      `the snapshot's title ranker was trained on other features than this service computes; rebuild it (npm run data)`,
    );
  for (const path of [model.soc, model.isco]) if (path.trees) path.trees = packedEnsemble(path.trees);
  return model;
}

/** The lexicon the snapshot build stored. */
export function storedLexicon(db: Database): LexiconData {
  const p = readPacked(db, "title_lexicon.");
  const s = (name: string) => unpackStrings(p.get(name) as string);
  const b = (name: string) => p.get(name) as Uint8Array;
  const columns = Object.fromEntries(CONCEPT_COLUMNS.map((c) => [c, s(`concept_${c}`)])) as Record<
    (typeof CONCEPT_COLUMNS)[number],
    string[]
  >;
  const employment = typedFrom(b("concept_employment"), Float32Array);
  const concepts: Concept[] = columns.key.map((key, i) => ({
    key,
    kind: columns.kind[i] as Concept["kind"],
    title: columns.title[i],
    soc: columns.soc[i] || null,
    socBasis: columns.socBasis[i] || null,
    isco: columns.isco[i] || null,
    iscoBasis: columns.iscoBasis[i] || null,
    employment: employment[i],
  }));
  const words = s("words");
  return {
    concepts,
    words,
    wordWeight: typedFrom(b("word_weight"), Float32Array),
    wordLangs: typedFrom(b("word_langs"), Uint8Array),
    wordHeadness: typedFrom(b("word_headness"), Float32Array),
    labels: storedTexts(p, "labels"),
    entryConcept: typedFrom(b("entry_concept"), Int32Array),
    entryLabel: typedFrom(b("entry_label"), Int32Array),
    entryLang: typedFrom(b("entry_lang"), Uint8Array),
    entrySource: typedFrom(b("entry_source"), Uint8Array),
    entryHead: typedFrom(b("entry_head"), Int32Array),
    entryMass: typedFrom(b("entry_mass"), Float32Array),
    postingStart: typedFrom(b("posting_start"), Int32Array),
    postingEntries: typedFrom(b("posting_entries"), Int32Array),
    exactKeys: storedTexts(p, "exact_keys"),
    exactStart: typedFrom(b("exact_start"), Int32Array),
    exactEntries: typedFrom(b("exact_entries"), Int32Array),
    compoundWords: s("compound_words"),
    wordIndex: restoreTrigramIndex(words, p, "word_"),
    compoundIndex: restoreTrigramIndex(s("compound_split_words"), p, "compound_"),
    writtenWords: storedTexts(p, "written_words"),
    writtenLabels: typedFrom(b("written_labels"), Int32Array),
    writtenLangs: typedFrom(b("written_langs"), Uint8Array),
  };
}
