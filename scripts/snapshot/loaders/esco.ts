// ESCO (European Commission): occupations with their labels in seven languages and ISCO-08 unit groups,
// the official ESCO–O*NET crosswalk, and the national title lists mapped to ESCO by member states' services.
import { readTable, str } from "../tabular.ts";
import { insertRows, baseName, type LoadContext, type LoadResult } from "../context.ts";

const ESCO_URI = /^https?:\/\/data\.europa\.eu\/esco\/occupation\/([0-9a-f-]{36})$/;
const ISCO_URI = /^https?:\/\/data\.europa\.eu\/esco\/isco\/C(\d{4})$/;

/** An ESCO or ISCO concept URI → the concept key the snapshot uses (`<uuid>` or `isco:2221`), or null. */
export function conceptOf(uri: string | null): string | null {
  const text = (uri ?? "").trim();
  return ESCO_URI.exec(text)?.[1] ?? (ISCO_URI.exec(text) ? `isco:${ISCO_URI.exec(text)![1]}` : null);
}

const lines = (cell: string | null) =>
  (cell ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** `esco/v1.2.1/occupations_en.csv` → { version: "v1.2.1", lang: "en" }. */
const fileInfo = (path: string) => ({ version: path.split("/").at(-2)!, lang: baseName(path).split("_").pop()! });

// Newest version first: an occupation's ISCO group and English label come from the newest file that holds it.
const byVersionDesc = (a: string, b: string) =>
  fileInfo(b).version.localeCompare(fileInfo(a).version, undefined, { numeric: true });

export async function loadEscoOccupations(ctx: LoadContext): Promise<LoadResult> {
  const files = ctx.glob("esco/v*/occupations_*.csv").sort(byVersionDesc);
  const occupations = new Map<string, { isco: string; labelEn: string | null; version: string }>();
  const labels: unknown[][] = [];
  const versions = new Set<string>();
  for (const file of files) {
    const { version, lang } = fileInfo(file);
    versions.add(`${version} ${lang}`);
    const t = await readTable(file, { required: ["conceptUri", "iscoGroup", "preferredLabel", "altLabels"] });
    const seen = new Set<string>(); // v1.2.1 lists four occupations twice: one set of labels per URI and file
    for (const r of t.rows) {
      const uri = conceptOf(str(r.CONCEPTURI));
      if (!uri || seen.has(uri)) continue;
      seen.add(uri);
      // A copy of one version lost leading zeros of ISCO codes (0110 → 110): pad back to four digits.
      const isco = String(r.ISCOGROUP ?? "")
        .trim()
        .padStart(4, "0");
      const occupation = occupations.get(uri);
      if (!occupation) occupations.set(uri, { isco, labelEn: lang === "en" ? str(r.PREFERREDLABEL) : null, version });
      else if (lang === "en" && !occupation.labelEn) occupation.labelEn = str(r.PREFERREDLABEL);
      labels.push([uri, str(r.PREFERREDLABEL), lang, "esco_preferred", null, null]);
      for (const l of lines(str(r.ALTLABELS))) labels.push([uri, l, lang, "esco_alt", null, null]);
      for (const l of lines(str(r.HIDDENLABELS))) labels.push([uri, l, lang, "esco_hidden", null, null]);
    }
  }
  let rows = insertRows(
    ctx.db,
    "esco_occupation",
    ["uri", "isco_unit", "label_en", "version"],
    [...occupations].map(([uri, o]) => [uri, o.isco, o.labelEn, o.version]),
  );
  // ISCO-08's unit groups by their own titles, in the language of each ISCOGroups file beside the occupations (ESCO
  // translates the ILO's titles): labels of the unit group itself.
  for (const file of ctx.glob("esco/v*/ISCOGroups_*.csv").sort(byVersionDesc)) {
    const { lang } = fileInfo(file);
    const t = await readTable(file, { required: ["conceptUri", "code", "preferredLabel"] });
    for (const r of t.rows) {
      const concept = conceptOf(str(r.CONCEPTURI));
      const title = iscoGroupTitle(str(r.PREFERREDLABEL) ?? "");
      if (concept?.startsWith("isco:") && title) labels.push([concept, title, lang, "isco_group", null, null]);
    }
  }
  rows += insertRows(
    ctx.db,
    "occupation_label",
    ["concept", "text", "lang", "source", "country", "national_id"],
    labels.filter((l) => l[1]),
  );
  return { rows, vintage: [...versions].sort().join(", ") };
}

// What ISCO's titles add to name a residual group or its neighbours, in the seven languages: no one's job title
// says it ("Manufacturing labourers not elsewhere classified" is a manufacturing labourer).
const RESIDUAL =
  /,?\s+(not elsewhere classified|and related (workers|occupations|professionals)|anderweitig nicht genannt|und verwandte Berufe|non classée?s? ailleurs|et assimilés|no clasificad[oa]s bajo otros epígrafes|y afines|non classificat[aeio] altrove|ed assimilati|niet elders geclassificeerd|e\.d\.|gdzie indziej niesklasyfikowan[iy]|i pokrewni)\s*$/i;

/** An ISCO group's title without what marks it residual or related (`RESIDUAL`), applied until none is left. */
export function iscoGroupTitle(title: string): string {
  let text = title.trim();
  for (let next = text.replace(RESIDUAL, ""); next !== text; next = text.replace(RESIDUAL, "")) text = next;
  return text;
}

export async function loadEscoOnetCrosswalk(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("esco/crosswalks/ONET_(Occupations)_0_updated.csv"), {
    required: ["O*NET Id", "ESCO or ISCO URI", "Type of Match"],
  });
  const rows = t.rows.flatMap((r) => {
    const concept = conceptOf(str(r["ESCO OR ISCO URI"]));
    const onet = str(r["O*NET ID"]);
    return concept && onet ? [[onet, concept, str(r["TYPE OF MATCH"])]] : [];
  });
  return { rows: insertRows(ctx.db, "esco_onet", ["onet_code", "esco_uri", "match_type"], rows, true) };
}

const NATIONAL_LISTS: Record<string, { file: string; lang: string }> = {
  DE: { file: "esco/national/DE_mapping_18.05.22.csv", lang: "de" },
  FR: { file: "esco/national/FR_20230607_mapping_esco_rome.csv", lang: "fr" },
  ES: { file: "esco/national/ES_mapping_31.07.2021.csv", lang: "es" },
  IT: { file: "esco/national/IT_mapping_23.04.2021.csv", lang: "it" },
  PL: { file: "esco/national/PL_mapping_31.10.2020.csv", lang: "pl" },
  AT: { file: "esco/national/AT_mapping.csv", lang: "de" },
};

// SKOS mapping relations, most to least faithful: a national title keeps only its best-related mappings.
const RELATION_RANK: Record<string, number> = { exactmatch: 0, closematch: 1, narrowmatch: 2, broadmatch: 3 };
const relationRank = (cell: string | null) => RELATION_RANK[(cell ?? "").replace(/^skos:/i, "").toLowerCase()] ?? 4;

/**
 * Each national title, once, pointing at one concept: among its best-related mappings, the ISCO unit group most of
 * them share (ties: the lower code), then the first concept in that group. ISCO units come from the ESCO
 * occupations (or from an `isco/C####` URI), so this runs after loadEscoOccupations.
 */
export async function loadEscoNationalTitles(ctx: LoadContext): Promise<LoadResult> {
  const iscoOf = new Map(
    ctx.db
      .query<{ uri: string; isco_unit: string }, []>("SELECT uri, isco_unit FROM esco_occupation")
      .all()
      .map((r) => [r.uri, r.isco_unit]),
  );
  const unitOf = (concept: string) => (concept.startsWith("isco:") ? concept.slice(5) : iscoOf.get(concept));
  const out: unknown[][] = [];
  for (const [country, { file, lang }] of Object.entries(NATIONAL_LISTS)) {
    // Headers differ by country: "Classification 1 URI" or "classification 1 ID" holds the ESCO URI;
    // "Classification 2 PrefLabel" or "classification 2 prefered label" the national title.
    const t = await readTable(ctx.file(file), { required: ["Classification 2 ID", "Mapping relation"] });
    const byTitle = new Map<
      string,
      { title: string; id: string; mappings: { concept: string; unit: string; rank: number }[] }
    >();
    for (const r of t.rows) {
      const concept = conceptOf(str(r["CLASSIFICATION 1 URI"]) ?? str(r["CLASSIFICATION 1 ID"]));
      const title = str(r["CLASSIFICATION 2 PREFLABEL"]) ?? str(r["CLASSIFICATION 2 PREFERED LABEL"]);
      const id = str(r["CLASSIFICATION 2 ID"]);
      const unit = concept && unitOf(concept);
      if (!concept || !title || !id || !unit) continue;
      const key = `${id}\u0000${title}`;
      let entry = byTitle.get(key);
      if (!entry) byTitle.set(key, (entry = { title, id, mappings: [] }));
      entry.mappings.push({ concept, unit, rank: relationRank(str(r["MAPPING RELATION"])) });
    }
    for (const { title, id, mappings } of byTitle.values()) {
      const best = Math.min(...mappings.map((m) => m.rank));
      const kept = mappings.filter((m) => m.rank === best);
      const tally = new Map<string, number>();
      for (const m of kept) tally.set(m.unit, (tally.get(m.unit) ?? 0) + 1);
      const unit = [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
      const concept = kept
        .filter((m) => m.unit === unit)
        .map((m) => m.concept)
        .sort()[0];
      out.push([concept, title, lang, "national", country, id]);
    }
  }
  return {
    rows: insertRows(ctx.db, "occupation_label", ["concept", "text", "lang", "source", "country", "national_id"], out),
  };
}
