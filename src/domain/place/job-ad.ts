// A place as job ads and boards write it: the work mode ("Remote", "Hybrid - Berlin", "Homeoffice", "praca
// zdalna") and a postcode ("New York, NY 10001", "10115 Berlin", "London EC2A 2BB") around the place's name. Both
// are set aside before the name is resolved, and said in the answer's notes. The postcode never places the
// city by itself here: with a name beside it, the name decides (a U.S. ZIP code alone is still read as one by
// the resolver; EU postcode tables are not in the data).

/** Work-mode words in the languages titles are matched in (the pattern tries the longest first: "hybrid remote" goes whole). */
const WORK_MODES = [
  "anywhere in",
  "télétravail complet",
  "teletravail complet",
  "100% télétravail",
  "100% remoto",
  "100% zdalnie",
  "lavoro da remoto",
  "thuiswerk",
  "temporarily remote",
  "fully remote",
  "100% remote",
  "remote first",
  "remote-first",
  "hybrid remote",
  "remote",
  "remotely",
  "hybrid",
  "on-site",
  "onsite",
  "on site",
  "in-office",
  "in office",
  "telecommute",
  "telework",
  "work from home",
  "wfh",
  "home office",
  "homeoffice",
  "mobiles arbeiten",
  "télétravail partiel",
  "teletravail partiel",
  "télétravail possible",
  "partially remote",
  "teletrabajo parcial",
  "télétravail",
  "teletravail",
  "hybride",
  "en présentiel",
  "thuiswerken",
  "thuis werken",
  "hybride werken",
  "praca zdalna",
  "praca hybrydowa",
  "zdalnie",
  "hybrydowo",
  "stacjonarnie",
  "teletrabajo",
  "en remoto",
  "remoto",
  "híbrido",
  "hibrido",
  "presencial",
  "da remoto",
  "smart working",
  "ibrido",
  "in sede",
];
/** The work modes that mean working away from the employer's site (not hybrid or on-site ones). */
const REMOTE = /remot|telecommut|telework|home|télétravail|teletravail|thuis|zdaln|teletrabajo|smart working/i;
/** Whether a work mode as read ("Remote or Hybrid", "Homeoffice") includes working remotely. */
export const isRemoteWork = (workMode: string) => REMOTE.test(workMode);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ONE_MODE = [...WORK_MODES]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join("|");
// Modes joined ("Remote or Hybrid", "hybride ou télétravail", "zdalnie lub hybrydowo", "Remote/Hybrid") go as one, with
// what qualifies them ("possible", "only") and the preposition that leads to the place ("Hybrid in Munich", "Remote
// from Spain", "télétravail à Paris"): only directly after the mode, so "Hybrid - A Coruña" keeps its article.
const JOINED =
  "(?:\\s*(?:\\/|,|&|\\+|\\bor\\b|\\band\\b|\\bou\\b|\\bet\\b|\\boder\\b|\\bund\\b|\\bof\\b|\\ben\\b|\\blub\\b|\\bi\\b|\\bo\\b|\\by\\b|\\be\\b)\\s*)";
const QUALIFIER =
  "(?:\\s+(?:possible|possível|possibile|möglich|mogelijk|optional|only|first|friendly|partiel|parcial))?";
const LEADS_TO = "(?:\\s+(?:anywhere\\s+in|based\\s+in|from|in|im|à|a|en|w|we|aus|z|desde|da))?";
const MODE = new RegExp(
  `(?<![\\p{L}\\p{N}])((?:${ONE_MODE})(?:${JOINED}(?:${ONE_MODE}))*${QUALIFIER})(?![\\p{L}\\p{N}])${LEADS_TO}(?![\\p{L}\\p{N}])`,
  "giu",
);
/** "(US based)", "EU-based", "(US only)": the country a remote job is based in. */
const BASED = /[\s-]+(?:based|only)$/iu;
const EDGES = /^[\s,;:|·•/\\()[\]–—-]+|[\s,;:|·•/\\()[\]–—-]+$/gu;

// Postcodes: leading ("10115 Berlin", "D-80331 München", "00-001 Warszawa", "1012 AB Amsterdam", "111 22
// Stockholm", "1250-096 Lisboa"), trailing ("Berlin, 10115", "Austin, TX 78701-1234", "Sydney NSW 2000"), British
// and Canadian ("London EC2A 2BB", "Vancouver, BC V6B 1A1") and Irish ("Dublin 2, D02 X285"). A city district number ("Paris 8e", "Praha 1", "Dublin 2")
// a Danish district letter ("København Ø") and a French département in brackets ("Bordeaux (33)") go with a postcode or alone after a name.
const LEADING_POSTCODE =
  /^((?:[A-Z]{1,2}-)?(?:\d{4,5}(?:[- ]\d{2,4})?|\d{2,3}[- ]\d{2,4})(?: [A-Z]{2}(?= \p{L}))?)[,\s]+(?=\p{L})/u;
const TRAILING_POSTCODE = /(?<=\p{L}\.?)[,\s]+((?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{3,4})?|\d{2}-\d{3})$/u;
const UK_OR_CANADIAN_POSTCODE = /(?<=\p{L})[,\s]+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/u;
const EIRCODE = /(?<=\p{L}|\d)[,\s]+([AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4})$/u;
const DISTRICT = /(?<=\p{L})\s+(?:\d{1,2}(?:e|er|ème|\.)?|[ØVNSK]|\(\d{2,3}\)?)$/u;
/** "…, USA" after a ZIP code: the country goes with the address, the ZIP before it. */
const US_TAIL = /(?:^|[\s,])\s*(?:USA|US|United States)$/u;

export interface JobAdPlace {
  /** The place's name as left: "" when the text was only a work mode ("Remote"). */
  text: string;
  workMode: string | null;
  postcode: string | null;
}

/** The text with a work mode and a postcode set aside; null when it holds neither. */
export function readJobAdPlace(input: string): JobAdPlace | null {
  let text = input;
  let workMode: string | null = null;
  text = text.replace(MODE, (_, mode: string) => {
    workMode ??= mode;
    return " ";
  });
  if (workMode) text = tidy(text).replace(BASED, "");
  let postcode: string | null = null;
  const usTail = US_TAIL.exec(text);
  const core = usTail && /\d/.test(text.slice(0, usTail.index)) ? text.slice(0, usTail.index) : text;
  for (const form of [TRAILING_POSTCODE, UK_OR_CANADIAN_POSTCODE, EIRCODE, LEADING_POSTCODE]) {
    const m = form.exec(core);
    if (!m || /^zip(?: code)?:?$/i.test(core.replace(m[0], "").trim())) continue; // "ZIP 78701" is a ZIP code alone
    postcode = m[1];
    text = core.slice(0, m.index) + core.slice(m.index + m[0].length);
    break;
  }
  // A district number with no postcode ("Paris 8e", "Praha 1") is set aside too, without a word in the notes.
  const district = DISTRICT.exec(tidy(text));
  if (district) text = tidy(text).slice(0, district.index);
  if (!workMode && !postcode && !district) return null;
  return { text: tidy(text), workMode, postcode };
}

const balanced = (s: string) => (s.split("(").length === s.split(")").length ? s : s.replace(/[()]/g, " "));
const tidy = (s: string) =>
  balanced(s)
    .replace(/\(\s*\)|\[\s*\]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,;])/g, "$1")
    .replace(/([,;|/·–—-])(?:\s*[,;|/·–—-])+/g, "$1")
    .replace(EDGES, "")
    .trim();
