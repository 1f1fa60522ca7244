// Job-title text → the words the matcher compares, the same way for an index label and a user's title, in
// seven languages. Every step is applied to both sides, so a rule only has to be consistent, not linguistically
// perfect: a rule that merges two forms merges them everywhere.
//
// Order: markers out (gender forms, requisition codes) → fold case and accents (ä → ae, é → e) → words →
// British spellings → abbreviations spelled out → seniority, shift and function words out → light stem
// (plural and gender endings) → compounds split into known words (Softwareentwickler → software entwickler).

export type Lang = "en" | "de" | "fr" | "nl" | "pl" | "es" | "it";
export const LANGS: readonly Lang[] = ["en", "de", "fr", "nl", "pl", "es", "it"];
/** Where a title's head noun sits: the last word (English, German, Dutch) or the first (Romance, Polish). */
export const HEAD_FIRST: ReadonlySet<Lang> = new Set(["fr", "es", "it", "pl"]);

// Gender and inclusive-writing markers that carry no occupation: (m/w/d), H/F, (k/m), Lehrer*in, Chargé(e).
const GENDER_MARKERS = [
  /\(\s*(?:[mwdfhxkdiv]\s*[/|,]\s*)+[mwdfhxkdiv]\s*\*?\s*\)/giu, // (m/w/d), (w/m/d), (f/m/x), (H/F), (k/m)
  /(?<![\p{L}])(?:[mwfh]\s*\/\s*){1,2}[mwdfhx](?![\p{L}])/giu, // m/w/d, H/F without brackets
  /\((?:all genders|alle geschlechter|gn\*?|genderneutral)\)/giu,
  /(?<=\p{L})[*:_·]\s?(?:innen|in|e|ne|se|euse|rice|ère|trice|a|ka)(?![\p{L}])/gu, // Lehrer*in, développeur·se
  /(?<=\p{L})\((?:innen|in|e|ne|se|euse|rice|ère|trice|a|ka|essa)\)/gu, // Chargé(e), Lehrer(in)
  /(?<=\p{Ll})Innen(?![\p{L}])|(?<=\p{Ll})In(?![\p{L}])/gu, // binnen-I: LehrerIn, LehrerInnen
];
// Requisition and internal codes: (REQ 4411), #12345, Job ID: R-123, JR-20931, Ref. 55.
const CODES = [
  /\b(?:req(?:uisition)?|job\s*id|job\s*code|ref(?:erence)?|id|nr|no)\b\.?\s*[#:.-]?\s*[\w-]*\d[\w-]*/giu,
  /#\s*[\w-]*\d[\w-]*/gu,
  /\b[a-z]{0,3}-?\d{3,}[a-z]?\b/giu,
];

/**
 * A word → word function with its answers kept: titles repeat their words (the next "Verkäuferin" stems like the
 * last). Bounded, so odd inputs cannot grow it.
 */
function memoized(f: (word: string) => string, size = 50_000): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let out = known.get(word);
    if (out === undefined) {
      if (known.size >= size) known.clear();
      known.set(word, (out = f(word)));
    }
    return out;
  };
}

/**
 * Full-width forms (U+FF01–FF5E, typed by East Asian input methods: "Ｎｕｒｓｅ") as the ASCII they stand for, and
 * the ideographic space as a space. Not NFKC, which would also turn the ordinal "1ª" into "1a".
 */
export function halfWidth(text: string): string {
  if (!/[！-～　]/.test(text)) return text;
  return text.replace(/[！-～]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/　/g, " ");
}

/** Fold case and accents: German umlauts to their two-letter spelling (as typed without them), others dropped. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[łŁ]/g, "l")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/đ/g, "d")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** The title without gender markers and requisition codes. */
export function stripMarkers(text: string): string {
  let out = text
    .replace(/(\p{L}+)frau\s*\/\s*-?\s*(?:\1)?mann\b/giu, "$1mann")
    .replace(/(\p{L}+)mann\s*\/\s*-?\s*(?:\1)?frau\b/giu, "$1mann");
  for (const re of GENDER_MARKERS) out = out.replace(re, " ");
  for (const re of CODES) out = out.replace(re, " ");
  return out;
}

// Suffix-only alternatives after a slash: Verkäufer/in, Fachangestellte/r, Kierownik/czka, ministro/a,
// vendeur/euse, impiegata/o, and Spanish plurals (camareros/as, enfermeras/os).
const SUFFIXES = "in|innen|frau|r|ka|czka|rka|a|o|as|os|e|ne|enne|se|euse|rice|trice|ère|essa|ess|ice|ina|ora|esa";
// A Spanish plural's suffix in capitals beside lower case is an abbreviation: "Infirmières/AS" (aide-soignant).
const PLURAL_SUFFIX = /^(?:as|os)$/iu;
const SUFFIX_ALTERNATIVE = new RegExp(`^-?(?:${SUFFIXES})$`, "iu");
// Inside a longer title, before a space or a comma ("Enfermero/a, UCI"); the word has three letters or more, so an
// abbreviation (I/O, A/E) is no word with a suffix.
const INLINE_SUFFIX = new RegExp(`(\\p{L}{3,})\\s?/\\s?-?(${SUFFIXES})(?=,?\\s+\\S)(?![\\p{L}])`, "giu");

// A suffix alternative inside a hyphenated compound: German -in before a capitalised noun ("Filialleiter/in-
// Stellvertreter/in"), any suffix before a word with a suffix alternative of its own ("Cajero/a-Reponedor/a"); not
// "Marketing/E-Commerce", "marketing/e-commerce" or "Sales/In-House".
const HYPHENATED_SUFFIX = new RegExp(
  `(\\p{L}{3,})\\s?/\\s?-?(?:(in|innen)-(?=\\p{Lu})|(${SUFFIXES})-(?=\\p{L}{3,}\\s?/\\s?-?(?:${SUFFIXES})(?!\\p{L})))`,
  "gu",
);

// A suffix that replaces the word's own ending rather than following it (the first rule whose suffix and ending
// match): abogado/a → abogada, impiegata/o → impiegato, jefe/a → jefa, księgowy/a → księgowa, recepcjonista/ka → recepcjonistka,
// direttore/trice or /rice → direttrice, directeur/rice → directrice, vendeur/euse or /se → vendeuse,
// technicien/enne → technicienne, kierownik/czka → kierowniczka, kucharz/rka → kucharka, conseiller/ère →
// conseillère, dottore/essa → dottoressa, waiter/ess → waitress, camareros/as → camareras, conductores/as →
// conductoras, enfermeras/os → enfermeros. `as`: what replaces the ending, if not the suffix.
const REPLACED_ENDINGS: { suffix: RegExp; ending: RegExp; as?: string }[] = [
  { suffix: /^a$/iu, ending: /[oey]$/iu },
  { suffix: /^as$/iu, ending: /(?:os|es|o|e)$/iu },
  { suffix: /^os$/iu, ending: /as?$/iu },
  { suffix: /^o$/iu, ending: /a$/iu },
  { suffix: /^ka$/iu, ending: /a$/iu },
  { suffix: /^(?:essa|esa)$/iu, ending: /e$/iu },
  { suffix: /^trice$/iu, ending: /(?:tore|teur)$/iu },
  { suffix: /^(?:rice|euse)$/iu, ending: /eur$/iu },
  { suffix: /^rice$/iu, ending: /ore$/iu },
  { suffix: /^se$/iu, ending: /eur$/iu, as: "euse" },
  { suffix: /^enne$/iu, ending: /en$/iu },
  { suffix: /^czka$/iu, ending: /k$/iu },
  { suffix: /^rka$/iu, ending: /rz$/iu },
  { suffix: /^ère$/iu, ending: /er$/iu },
  { suffix: /^ess$/iu, ending: /er$/iu, as: "ress" },
];

/** Whether what follows a slash in `text` is a suffix alternative (not a plural's abbreviation: PLURAL_SUFFIX). */
function isSuffix(suffix: string, text: string): boolean {
  if (!SUFFIX_ALTERNATIVE.test(suffix)) return false;
  return !(PLURAL_SUFFIX.test(suffix) && /\p{Ll}/u.test(text) && /^\p{Lu}+$/u.test(suffix));
}

/** A word with a slash suffix alternative: the suffix replaces the ending it stands for, or else follows the word. */
export function withSuffix(word: string, suffix: string): string {
  for (const r of REPLACED_ENDINGS)
    if (r.suffix.test(suffix) && r.ending.test(word)) return word.replace(r.ending, r.as ?? suffix);
  return word + suffix;
}

/**
 * A label or title with slash alternatives → each alternative: "Erzieher/Erzieherin" → both; "Verkäufer/in" →
 * "Verkäufer", "Verkäuferin"; "Conseiller / Conseillère Incendie" → "Conseiller Incendie", "Conseillère Incendie";
 * "Lehrkraft Mathematik/Physik" → "Lehrkraft Mathematik", "Lehrkraft Physik". A slash between digits, inside an
 * abbreviation (24/7, UX/UI) or inside brackets ("Accountant (ACCA/ACA)") is left alone.
 */
export function slashVariants(text: string): string[] {
  // A suffix alternative inside a hyphenated compound: "Filialleiter/in-Stellvertreter/in" is a deputy branch
  // manager, "Filialleiter-Stellvertreter", not a branch manager or else an "in-Stellvertreter".
  if (text.search(HYPHENATED_SUFFIX) >= 0) {
    const base = text.replace(HYPHENATED_SUFFIX, "$1-"),
      other = text.replace(
        HYPHENATED_SUFFIX,
        (_, word: string, german?: string, anyLanguage?: string) => `${withSuffix(word, (german ?? anyLanguage)!)}-`,
      );
    return [...new Set([...slashVariants(base), ...slashVariants(other)])];
  }
  // A suffix alternative inside a longer title: "Médico/a de Familia", "Kierownik/czka zmiany".
  const inline = (form: (word: string, suffix: string) => string) =>
    text.replace(INLINE_SUFFIX, (all, word: string, suffix: string) =>
      isSuffix(suffix, text) ? form(word, suffix) : all,
    );
  const base = inline((word) => word);
  if (base !== text) return [...new Set([...slashVariants(base), ...slashVariants(inline(withSuffix))])];
  const raw = splitOutsideBrackets(text, "/");
  const parts = raw.map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => !p)) return [text];
  // In capitals every short word looks like an abbreviation: there, three letters at most (UX/UI, but COOK/CHEF).
  const abbreviation = /\p{Ll}/u.test(text) ? /^[\p{Lu}\d]{1,4}$/u : /^[\p{Lu}\d]{1,3}$/u;
  if (parts.every((p, i) => abbreviation.test(i === 0 ? p.split(/\s+/).pop()! : p.split(/\s+/)[0]))) return [text];
  const first = parts[0];
  const firstWords = first.split(/\s+/);
  const variants = [first];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (isSuffix(part.replace(/^-/, ""), text)) {
      variants.push(first.replace(/\p{L}+$/u, (word) => withSuffix(word, part.replace(/^-/, ""))));
      continue;
    }
    const partWords = part.split(/\s+/);
    // "Conseiller / Conseillère X", "Farm/Irrigation Worker", "IT / Systems Administrator": the first alternative is
    // one word that the rest completes, unless it abbreviates the rest ("MFA / Medizinische Fachangestellte").
    if (firstWords.length === 1 && partWords.length > 1 && !spells(first, part))
      variants[0] = [first, ...partWords.slice(1)].join(" ");
    const before = parts[i - 1];
    const joinsWords = !/\s$/u.test(raw[i - 1]) && !/^\s/u.test(raw[i]);
    const forLastWord = (joinsWords && standsForLastWord(before, part)) || otherFormOfLastWord(before, part);
    variants.push(forLastWord ? `${before.replace(/\s*\S+$/u, "")} ${part}` : part);
  }
  return [...new Set(variants)];
}

/** Whether an abbreviation (any language's) stands for the words of `other`: "RN" for "Registered Nurse". */
function spells(abbreviation: string, other: string): boolean {
  const key = abbreviation.toLowerCase();
  const expansions = [ABBREVIATIONS.get(key), ...Object.values(REGIONAL_ABBREVIATIONS).map((m) => m.get(key))];
  const words = foldedWords(other);
  return expansions.some((e) => e !== undefined && words.includes(e));
}

/** The text's folded words, one space between (abbreviations' spelt-out forms are written so). */
const foldedWords = (text: string) => fold(text).replace(/[^a-z]+/g, " ");

/**
 * Whether one word after a slash without spaces stands for the last word before it ("Lehrkraft Mathematik/Physik" is
 * a teacher of either, "SOFTWARE ENGINEER/DEVELOPER" either role): not when it is a role's abbreviation
 * ("REGISTERED NURSE/RN"), a form of the role's first word ("vigile urbano/vigilessa"), or when the words before it
 * hold a phrase ("Chef de rang/Serveur", "Sprzedawca w sklepie/kasjer"): it is then a role of its own.
 */
function standsForLastWord(before: string, word: string): boolean {
  const words = before.split(/\s+/);
  if (words.length < 2 || /\s/u.test(word) || /^[\p{Lu}\d]{1,4}$/u.test(word)) return false;
  if (words.some((w) => FUNCTION_WORDS.has(fold(w)))) return false;
  const [a, b] = [fold(words[0]), fold(word)];
  return !(a.length >= 4 && b.startsWith(a.slice(0, 4)));
}

/**
 * Whether one word after a slash is another form (the other gender, the plural) of the last word before it, spaces
 * or none: "Cadre de santé infirmier / infirmière" is a nurse manager of either sex, not "infirmière" alone; France's
 * list writes 150 titles so. Another form has the same stem, or the same letters but for a pair of gender endings
 * (praticien / praticienne, industriel / industrielle): shared letters alone are not enough ("Fachkraft
 * Lagerlogistik / Lagerist" and "Responsable magasin / magasinier" name two roles).
 */
function otherFormOfLastWord(before: string, word: string): boolean {
  const words = before.split(/\s+/);
  if (words.length < 2 || /\s/u.test(word)) return false;
  const [a, b] = [fold(words[words.length - 1]), fold(word)];
  if (a === b) return false;
  return stem(a) === stem(b) || GENDER_ENDINGS.some(([m, f]) => swapsEnding(a, b, m, f) || swapsEnding(b, a, m, f));
}

/** Masculine and feminine endings of one word (folded): French, Italian, Spanish, German, Polish, English. */
const GENDER_ENDINGS: readonly [string, string][] = [
  ["ien", "ienne"],
  ["el", "elle"],
  ["if", "ive"],
  ["on", "onne"],
  ["eur", "euse"],
  ["teur", "trice"],
  ["tore", "trice"],
  ["er", "ere"],
  ["x", "se"],
  ["o", "a"],
  ["e", "a"],
  ["", "e"],
  ["", "in"],
  ["", "ka"],
  ["mann", "frau"],
  ["man", "woman"],
];

/** Whether `a` ends in `m` and `b` is `a` with `f` in its place (the rest of at least three letters). */
const swapsEnding = (a: string, b: string, m: string, f: string) =>
  a.endsWith(m) &&
  b.endsWith(f) &&
  a.length - m.length >= 3 &&
  a.slice(0, a.length - m.length) === b.slice(0, b.length - f.length);

/** The text split at `separator` where it stands outside round or square brackets. */
function splitOutsideBrackets(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
    else if (ch === separator && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/**
 * O*NET writes an alternate title with its other form in brackets: "Radiology Technologist (RT)", "TA (Teaching
 * Assistant)", "Vet Lab Tech (Veterinary Laboratory Technician)". Each form names the occupation on its own, so both are
 * returned. Brackets that only qualify ("Carpenter (Construction)") share no word with the rest and are not
 * its initials, so they give nothing.
 */
export function bracketedForms(text: string): string[] {
  const m = /^([^()]+?)\s*\(([^()]+)\)$/u.exec(text.trim());
  if (!m) return [];
  const [outer, inner] = [m[1].trim(), m[2].trim()];
  const words = (t: string) =>
    t
      .toLowerCase()
      .split(/[\s,]+/u)
      .filter(Boolean);
  const [outerWords, innerWords] = [words(outer), words(inner)];
  const initials = (long: string[], short: string) =>
    /^[\p{Lu}]{2,}$/u.test(short) &&
    long
      .filter((w) => !/^(?:and|of|the|for|in|&)$/u.test(w))
      .map((w) => w[0])
      .join("") === short.toLowerCase();
  // A shared word, or one cut short ("Vet Lab Tech (Veterinary Laboratory Technician)").
  const sharesWord = outerWords.some((a) =>
    innerWords.some((b) => Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))),
  );
  return sharesWord || initials(outerWords, inner) || initials(innerWords, outer) ? [outer, inner] : [];
}

// British → U.S. spellings (both sides get them, so "labour" and "labor", "paediatric" and "pediatric" meet).
const BRITISH_PREFIX = /^(paed|anaes|haem|gynaec|orthopaed|oesoph|encyclopaed)/;
const AMERICAN_PREFIX: Record<string, string> = {
  paed: "ped",
  anaes: "anes",
  haem: "hem",
  gynaec: "gynec",
  orthopaed: "orthoped",
  oesoph: "esoph",
  encyclopaed: "encycloped",
};
const american = memoized(americanWord);
function americanWord(word: string): string {
  let w = word.replace(BRITISH_PREFIX, (p) => AMERICAN_PREFIX[p]);
  if (w.length >= 6) w = w.replace(/our(er|ers|s)?$/, "or$1");
  if (w.length >= 5) w = w.replace(/([^aeiou])tre(s)?$/, "$1ter$2");
  return w.replace(/is(e|er|ers|ing|ation|ations)$/, "iz$1").replace(/ogue$/, "og");
}

// Abbreviations spelled out the way index titles spell them. A Map: keys come from user input.
const ABBREVIATIONS = new Map<string, string>(
  Object.entries({
    eng: "engineer",
    engr: "engineer",
    mgr: "manager",
    mngr: "manager",
    dev: "developer",
    devs: "developer",
    asst: "assistant",
    assoc: "associate",
    admin: "administrator",
    tech: "technician",
    techs: "technician",
    rep: "representative",
    coord: "coordinator",
    spec: "specialist",
    supv: "supervisor",
    supvr: "supervisor",
    dir: "director",
    acct: "accountant",
    exec: "executive",
    prog: "programmer",
    sw: "software",
    sys: "systems",
    svc: "service",
    ops: "operations",
    hr: "human resources",
    ux: "user experience",
    ui: "user interface",
    sre: "site reliability engineer",
    ml: "machine learning",
    ai: "artificial intelligence",
    qa: "quality assurance",
    qc: "quality control",
    cna: "certified nursing assistant",
    lpn: "licensed practical nurse",
    lvn: "licensed vocational nurse",
    rn: "registered nurse",
    np: "nurse practitioner",
    cdl: "commercial truck driver",
    hgv: "heavy goods vehicle",
    lgv: "large goods vehicle",
    swe: "software engineer",
    sde: "software development engineer",
    pm: "project manager",
    vp: "vice president",
    svp: "vice president",
    evp: "vice president",
    avp: "vice president",
    cto: "chief technology officer",
    cfo: "chief financial officer",
    coo: "chief operating officer",
    cio: "chief information officer",
    cmo: "chief marketing officer",
    chro: "chief human resources officer",
    ciso: "chief information security officer",
    backend: "back end",
    frontend: "front end",
    gf: "geschaeftsfuehrer",
    kita: "kindertagesstaette",
    rh: "ressources humaines",
    rrhh: "recursos humanos",
    kiga: "kindergarten",
    sachb: "sachbearbeiter",
    kaufm: "kaufmann",
    resp: "responsable",
  }),
);

/**
 * Abbreviations one language's ads use for a role, mostly in care and health, that mean something else elsewhere
 * (PTA: a German pharmacy technician, a U.S. physical therapist assistant; IDE: a French nurse, a programmer's
 * tool): spelt out only when the request's country speaks that language (regionalForm).
 */
const REGIONAL_ABBREVIATIONS: Partial<Record<Lang, ReadonlyMap<string, string>>> = {
  de: new Map(
    Object.entries({
      mfa: "medizinische fachangestellte",
      zfa: "zahnmedizinische fachangestellte",
      pta: "pharmazeutisch technische assistentin",
      mta: "medizinisch technische assistentin",
      mtra: "medizinisch technische radiologieassistentin",
      mtla: "medizinisch technische laboratoriumsassistentin",
      ota: "operationstechnische assistentin",
      ata: "anaesthesietechnische assistentin",
      gukp: "gesundheits und krankenpfleger",
      pfk: "pflegefachkraft",
      hep: "heilerziehungspfleger",
      shk: "sanitaer heizung klima",
      fisi: "fachinformatiker systemintegration",
      fiae: "fachinformatiker anwendungsentwicklung",
      // Shortened words of German titles: "Kfm. Angestellter", "Dipl.-Ing.", "Techn. Zeichner".
      kfm: "kaufmaennischer",
      ing: "ingenieur",
      techn: "technischer",
    }),
  ),
  fr: new Map(
    Object.entries({
      ide: "infirmier",
      as: "aide soignant",
      ash: "agent de service hospitalier",
      aes: "accompagnant educatif et social",
      aesh: "accompagnant d eleves en situation de handicap",
      amp: "aide medico psychologique",
      avs: "auxiliaire de vie sociale",
      atsem: "agent territorial specialise des ecoles maternelles",
      eje: "educateur de jeunes enfants",
      ing: "ingenieur",
    }),
  ),
  nl: new Map(Object.entries({ vig: "verzorgende individuele gezondheidszorg", mdw: "medewerker" })), // not ING, a bank
  pl: new Map(Object.entries({ spec: "specjalista", kier: "kierownik", inż: "inzynier" })),
  es: new Map(
    Object.entries({
      tcae: "tecnico en cuidados auxiliares de enfermeria",
      due: "enfermero",
      tes: "tecnico en emergencias sanitarias",
      tsid: "tecnico superior en imagen para el diagnostico",
      aux: "auxiliar",
      téc: "tecnico",
      tec: "tecnico",
      adm: "administrativo",
      ing: "ingeniero",
    }),
  ),
  it: new Map(
    Object.entries({
      oss: "operatore socio sanitario",
      asa: "ausiliario socio assistenziale",
      add: "addetto",
      ing: "ingegnere",
      tec: "tecnico",
    }),
  ),
};

// Abbreviations that are also ordinary words or names count only as written: DUE and AS in capitals ("Due
// Diligence" aside), Ing. not in capitals (ING is a bank).
const CAPITALS_ONLY = new Set(["due", "as"]);
const NOT_CAPITALS = new Set(["ing"]);
const writtenAsMeant = (word: string, key: string) =>
  CAPITALS_ONLY.has(key) ? word === word.toUpperCase() : !NOT_CAPITALS.has(key) || word !== word.toUpperCase();

/** Per language, its abbreviations as one pattern of whole words (any case): most titles have none. */
const REGIONAL_PATTERNS = new Map(
  Object.entries(REGIONAL_ABBREVIATIONS).map(([lang, map]) => [
    lang as Lang,
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...map.keys()].join("|")})(?![\\p{L}\\p{N}])`, "giu"),
  ]),
);

/**
 * The text with the abbreviations of `langs` spelt out (REGIONAL_ABBREVIATIONS), or null if it has none. Beside its
 * own words ("Medizinische Fachangestellte (MFA)") an abbreviation is a gloss, and goes.
 */
export function regionalForm(text: string, langs: readonly Lang[]): string | null {
  let out = text;
  let folded: string | undefined; // only once an abbreviation is found: most titles have none
  for (const lang of langs) {
    const pattern = REGIONAL_PATTERNS.get(lang);
    if (!pattern) continue;
    out = out.replace(pattern, (word) => {
      if (!writtenAsMeant(word, word.toLowerCase())) return word;
      const spelt = REGIONAL_ABBREVIATIONS[lang]!.get(word.toLowerCase())!;
      folded ??= foldedWords(text);
      return folded.includes(spelt) ? "" : spelt;
    });
  }
  return out === text ? null : out;
}

// Words that say nothing about the occupation: seniority and level, training status (an apprentice is coded to the
// occupation learned), shift, contract and place of work, in the seven languages.
const NOISE = new Set([
  "senior",
  "sr",
  "snr",
  "junior",
  "jr",
  "jnr",
  "lead",
  "principal",
  "staff",
  "entry",
  "level",
  "mid",
  "experienced",
  "i",
  "ii",
  "iii",
  "iv",
  "1",
  "2",
  "3",
  "4",
  "trainee",
  "apprentice",
  "intern",
  "internship",
  "graduate",
  "night",
  "nights",
  "day",
  "days",
  "evening",
  "evenings",
  "weekend",
  "weekends",
  "shift",
  "shifts",
  "overnight",
  "prn",
  "diem",
  "remote",
  "hybrid",
  "onsite",
  "site",
  "full",
  "part",
  "time",
  "ft",
  "pt",
  "temp",
  "temporary",
  "contract",
  "permanent",
  "hiring",
  "urgent",
  "erfahrener",
  "erfahrene",
  "stellvertretender",
  "stellvertretende",
  "stv",
  "azubi",
  "auszubildender",
  "auszubildende",
  "ausbildung",
  "praktikant",
  "praktikum",
  "werkstudent",
  "vollzeit",
  "teilzeit",
  "befristet",
  "unbefristet",
  "homeoffice",
  "nachtschicht",
  "schicht",
  "confirme",
  "confirmee",
  "debutant",
  "debutante",
  "experimente",
  "experimentee",
  "apprenti",
  "apprentie",
  "stagiaire",
  "alternance",
  "alternant",
  "teletravail",
  "cdi",
  "cdd",
  "interim",
  "nuit",
  "esperto",
  "esperta",
  "tirocinante",
  "stagista",
  "apprendista",
  "becario",
  "becaria",
  "practicas",
  "teletrabajo",
  "remoto",
  "jornada",
  "completa",
  "ervaren",
  "medior",
  "stagiair",
  "voltijd",
  "deeltijd",
  "thuiswerk",
  "starszy",
  "starsza",
  "mlodszy",
  "mlodsza",
  "stazysta",
  "stazystka",
  "praktykant",
  "praktykantka",
  "zdalnie",
  "zdalna",
  "etat",
]);
// Levels and grades as employers number them: L4, P3, IC5, E6, GS-12, G7, a bare number below 100 (Band 5).
const LEVEL = /^(?:l|p|ic|e|gs|g|m|t)?\d{1,2}$|^gs$/;

// Function words: they join words, they do not name anything. Prepositions among them end an English, German or
// Dutch head-noun phrase ("Professor of Pediatrics": the head is professor).
const PREPOSITIONS = new Set([
  "of",
  "for",
  "in",
  "at",
  "with",
  "on",
  "to",
  "fuer",
  "im",
  "von",
  "vom",
  "zum",
  "zur",
  "mit",
  "bei",
  "van",
  "voor",
  "bij",
  "met",
]);
const FUNCTION_WORDS = new Set([
  ...PREPOSITIONS,
  "and",
  "the",
  "a",
  "an",
  "or",
  "und",
  "der",
  "das",
  "den",
  "dem",
  "des",
  "am",
  "an",
  "auf",
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "l",
  "d",
  "et",
  "en",
  "au",
  "aux",
  "pour",
  "a",
  "sur",
  "par",
  "del",
  "el",
  "los",
  "las",
  "y",
  "e",
  "para",
  "al",
  "con",
  "di",
  "della",
  "dei",
  "degli",
  "delle",
  "il",
  "lo",
  "gli",
  "alla",
  "per",
  "ed",
  "het",
  "een",
  "w",
  "z",
  "ze",
  "do",
  "na",
  "dla",
  "oraz",
  "ds",
  "u",
]);

/**
 * A light stem shared by the seven languages: English plural (-ies, -es, -s), German feminine (-in, -innen),
 * French feminine (-euse, -rice → -eur), Italian -trice → -tore, Polish feminine -ka and case endings, Dutch
 * -ster, then trailing vowels, so ingeniero / ingeniera / ingenieros, infirmier / infirmière, Fahrer / Fahrerin,
 * kucharz / kucharka and medewerker / medewerkster meet.
 */
export const stem = memoized(stemWord);

function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (/(ss|ch|sh|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 7) {
    // Feminine compounds: Kauffrau → Kaufmann, vakvrouw → vakman.
    w = w.replace(/frau$/, "mann").replace(/vrouw$/, "man");
    // German -kraft (a person of a trade) takes an umlaut in the plural: Fachkräfte, Pflegekräfte, Lehrkräfte.
    w = w.replace(/kraefte$/, "kraft");
    // Polish case endings of modifiers and plurals: produkcji, szewskiego, budowlanych, technicznej, inżynierowie,
    // pracowników; lekarka → lekarz, kierowniczka → kierownik. None of these endings closes a word of the other six
    // languages at this length.
    w = w
      .replace(/(?:iego|ego|ych|ymi|owie)$/, "")
      .replace(/owej$/, "ow")
      .replace(/nej$/, "n")
      .replace(/(?<=[kntrlc])ow$/, "")
      .replace(/arka$/, "arz")
      .replace(/niczka$/, "nik");
    // Dutch feminine -ster: medewerkster → medewerker, verkoopster → verkoper, boekbindster → boekbinder.
    w = w.replace(/(?<=[^aeiou])ster$/, "er");
    // German (and Dutch) adjectives and participle nouns by case and gender: kaufmännischer / kaufmännische,
    // wissenschaftlicher, akademischer, technischen; Angestellter / Angestellte. Not a (Hochsee)fischer, (Beton)mischer
    // or Wischer: adjectives have a vowel before -fisch (spezifisch, grafisch) and -misch (chemisch, akademisch).
    if (!/(?:(?:^|[^ai])f|(?:^|[^aeiouy])m|w)isch(?:er|en|es|em)$/.test(w))
      w = w.replace(/(isch|lich)(?:er|en|es|em)$/, "$1");
    w = w.replace(/angestellt(?:er|en)$/, "angestellt");
    // A Dutch trade's workplace is named after its worker (pluimveehouderij → pluimveehouder, bakkerijen →
    // bakker), so "Medewerker pluimveehouderij" meets the poultry farmer's labels. (German -erei meets its worker
    // when final vowels go: Bäckerei → bäcker.)
    w = w.replace(/(?<=[^aeiou])erij(?:en)?$/, "er");
  }
  // Dutch open syllables before -er: verkooper → verkoper, maaker → maker (both sides, so English is unharmed).
  w = w.replace(/(aa|oo|ee|uu)(?=[^aeiou]er$)/, (v) => v[0]);
  if (w.length >= 6) w = w.replace(/(?<=[^aeiouy])in(nen)?$/, "");
  if (w.length >= 6)
    w = w
      .replace(/euse$/, "eur")
      .replace(/(?<=[^aeiou])rice$/, "eur")
      .replace(/trice$/, "tore");
  if (w.length >= 7) w = w.replace(/(?<=[^aeiouy])ka$/, "");
  const bare = w.replace(/[aeiouy]+$/, "");
  return bare.length >= 3 ? bare : w;
}

export interface TitleWords {
  /** Stemmed words, function and noise words removed, compounds split. */
  words: string[];
  /** Index in `words` of the head noun under each convention. */
  headLast: number;
  headFirst: number;
  /** Per word kept (not a function or noise word), the index in `words` of its last part (a compound's head). */
  lastPartOf: number[];
}

// Prefixes and particles that begin a German or Dutch word without naming what it is about: a Medewerker is no
// "med" worker, an Ausbildung no "aus" image, a Verfahren no "ver" drive (their stems meet media, Auto's and others).
const PARTICLES = new Set([
  "mede",
  "mee",
  "aan",
  "uit",
  "voor",
  "door",
  "onder",
  "over",
  "ver",
  "ont",
  "aus",
  "auf",
  "vor",
  "nach",
  "mit",
  "bei",
  "ein",
  "ent",
  "zer",
  "unter",
  "ueber",
  "wieder",
  "gegen",
  "zusammen",
]);

/** Whether a word is a particle and a known word: "versand" (ver + sand), "voorraad" (voor + raad). */
function particleWord(word: string, known: ReadonlySet<string>): boolean {
  for (let i = 2; i <= word.length - 3; i++) {
    const rest = word.slice(i);
    if (PARTICLES.has(word.slice(0, i)) && (known.has(rest) || known.has(stem(rest)))) return true;
  }
  return false;
}

/**
 * Split a folded compound into [modifier…, head] when both ends are known words (the head the longest possible). Each
 * part is split as it would be written alone, so a compound reads as its parts written apart: `Buchhaltungs-
 * sachbearbeiter` and `Sachbearbeiter Buchhaltung` are both buch, haltung, sachbearbeiter; `Pflegefachkraft` and
 * `Fachkraft Pflege` both pfleg, fach, kraft.
 */
export function splitCompound(word: string, known: ReadonlySet<string>, depth = 0): string[] {
  if (word.length < 7 || depth > 2) return [word];
  const part = (text: string) => splitCompound(stem(text), known, depth + 1);
  for (let i = 3; i <= word.length - 4; i++) {
    const head = word.slice(i);
    if (!known.has(head) && !known.has(stem(head))) continue;
    const modifier = word.slice(0, i);
    if (PARTICLES.has(modifier)) continue;
    // Linking elements between German/Dutch compound parts: Arbeit-s-vermittler, Pflege-fachkraft, kinder-en-. A
    // modifier that is a particle and a known word is one word: Versand-leiter, Voorraad-beheerder, Aufsicht-s-person.
    for (const m of [modifier, modifier.replace(/(s|es|n|en|e)$/, "")]) {
      if (m.length >= 3 && (known.has(m) || known.has(stem(m)) || particleWord(m, known)))
        return [...part(m), ...part(head)];
    }
    if (depth < 2 && modifier.length >= 7) {
      const inner = splitCompound(modifier, known, depth + 1);
      if (inner.length > 1) return [...inner, ...part(head)];
    }
  }
  return [word];
}

// Words that are noise only in a phrase: Spanish "media jornada" (part time; media is a word elsewhere, Social Media
// Manager) and a tradesman's grade, "Albañil de primera", "Oficial 1ª", "Oficiala de segunda" (the trade is the
// occupation; "primera infancia" and "tercera edad" are no grades). Folded text.
const NOISE_PHRASES =
  /\bmedia[\s-]+jornada\b|\bde\s+(?:primera|segunda|tercera)\b(?!\s+(?:infancia|edad))|(?<=\boficial(?:a|es|as)?\s+)(?:primera|segunda|tercera|[123]a)\b|(?:\bde\s+)?(?<![\p{L}\p{N}])[123]ª(?![\p{L}\p{N}])/gu;

/** Folded words of a title, before stemming: markers stripped, British spelled American, abbreviations out. */
export function rawWords(text: string): string[] {
  // "Full stack" is one thing (not the "full" of full-time, which is noise): one word, however it is written.
  const words = fold(stripMarkers(text))
    .replace(NOISE_PHRASES, " ")
    .replace(/\bfull[\s-]*stack\b/g, "fullstack")
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}+#]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  return words.flatMap((w) => (ABBREVIATIONS.get(w) ?? american(w)).split(" "));
}

/** Whether the title has a word the matcher drops as a seniority, level, contract or schedule word ("Stv.", "Senior", "II"). */
export const saysRankOrTerms = (text: string): boolean => rawWords(text).some((w) => NOISE.has(w) || LEVEL.test(w));

/**
 * The words the matcher compares. `known`: the index's word list (for compound splitting); without it, no
 * splitting (the index builds that list from unsplit words first).
 */
export function titleWords(text: string, known?: ReadonlySet<string>): TitleWords {
  const raw = rawWords(text);
  const words: string[] = [];
  const lastPartOf: number[] = [];
  let firstPreposition = -1;
  const keepNoise = raw.every((w) => NOISE.has(w) || FUNCTION_WORDS.has(w)); // "Senior" alone stays "senior"
  for (const w of raw) {
    if (PREPOSITIONS.has(w) && firstPreposition < 0 && words.length) firstPreposition = words.length;
    if (FUNCTION_WORDS.has(w) || (!keepNoise && (NOISE.has(w) || LEVEL.test(w)))) continue;
    const s = stem(w);
    if (known) words.push(...splitCompound(s, known));
    else words.push(s);
    lastPartOf.push(words.length - 1);
  }
  const headLast = firstPreposition > 0 ? Math.min(firstPreposition, words.length) - 1 : words.length - 1;
  return { words, headLast, headFirst: words.length ? 0 : -1, lastPartOf };
}
