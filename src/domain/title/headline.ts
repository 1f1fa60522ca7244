// A job-ad headline → the role, and what surrounds it. Ads in the seven languages wrap the role in the same kinds
// of text: gender markers, contract, schedule, hours, pay, work mode, place, department or employer:
//   "Pflegefachkraft (m/w/d) Intensivstation – Voll- oder Teilzeit"   role "Pflegefachkraft Intensivstation"
//   "Infirmier / Infirmière DE pour notre service de réanimation – CDI temps plein"
//   "Kierownik Restauracji (K/M) – od 9 000 zł netto na B2B"
// The role is the first segment (segments are split by spaced dashes and bars) with the known words of contract,
// schedule, hours, pay and work mode taken out, and a trailing "for our …" phrase; the other segments are kept,
// as is each removed part with its kind, for the ranker and the matcher's fallbacks.
import countries from "../country-names.ts";
export type HeadlinePartKind =
  | "hiring"
  | "contract"
  | "duration"
  | "schedule"
  | "hours"
  | "pay"
  | "work_mode"
  | "department"
  | "reference"
  | "employer"
  | "place"
  | "segment";
export interface HeadlinePart {
  kind: HeadlinePartKind;
  text: string;
}
export interface Headline {
  role: string;
  /** The role's segment as written, before its parts were taken out ("Relief Worker" is a label as it stands). */
  roleAsWritten: string;
  parts: HeadlinePart[];
  segments: string[];
}

const W = "(?<![\\p{L}\\p{N}])",
  E = "(?![\\p{L}\\p{N}]|-\\p{L})"; // word boundaries that know accented letters; "Make-up" is one word
// Acronyms match in capitals only: "DOE" is "depending on experience", "doe" is Dutch for "do".
const acronyms = (list: string[]) => new RegExp(`${W}(?:${list.join("|")})${E}`, "gu");
const words = (list: string[]) => new RegExp(`${W}(?:${list.join("|")})${E}\\.?`, "giu");

// Longest phrases first within each list: alternation takes the first that matches.
// `digits`: the pattern needs a digit, so a segment without one skips it (most titles have none).
const PATTERNS: { kind: HeadlinePartKind; re: RegExp; digits?: true }[] = [
  // "Wir suchen: …", "BEVEILIGERS GEZOCHT", "Cercasi muratore": the call, not the role.
  {
    kind: "hiring",
    re: words([
      "wir suchen(?: dich| sie)?(?: als)?:?",
      "gesucht",
      "we(?: are|'re) hiring:?",
      "hiring:?",
      "now hiring:?",
      "nous recrutons:?",
      "on recrute:?",
      "recrute:?",
      "gezocht",
      "wij zoeken:?",
      "vacature(?!\\s*(?:nummer|nr\\.?)?\\s*:?\\s*\\d):?",
      "zatrudnimy:?",
      "poszukujemy:?",
      "szukamy:?",
      "se busca:?",
      "buscamos:?",
      "se necesita:?",
      "cercasi",
      "cerchiamo:?",
      "ricerchiamo:?",
      "ricerca:?",
      "selezioniamo:?",
      "urgently (?:required|hiring|needed):?",
      "help wanted:?",
      "wanted",
      "poszukiwan[iya](?:/[ay])?",
      "se buscan",
      "immediate start",
      "start ab sofort",
      "direct aan de slag",
      "début immédiat",
      "incorporación inmediata",
      "inizio immediato",
      "apply (?:now|today)",
      "(?:come )?join (?:our|the) team(?: as (?:an?|our))?:?",
    ]),
  },
  // The U.S. and Irish ads' acronyms of pay, schedule and contract, in capitals: "DOE", "OTE", "PRN", "W2 only".
  { kind: "pay", re: acronyms(["DOE", "OTE"]) },
  { kind: "schedule", re: acronyms(["PRN"]) },
  { kind: "contract", re: acronyms(["W-?2(?: only)?", "1099", "C2C"]), digits: true },
  // "Req #48213", "Job ID: R-1032", "Ref. 2291", "#4471": the ad's number, not its role.
  {
    kind: "reference",
    digits: true,
    re: new RegExp(
      `${W}(?:(?:req(?:uisition)?|job(?: ref)?|ref(?:erence)?|vacancy)\\.?\\s*(?:#|no\\.?|id|number|:)\\s*:?\\s*|(?:req|ref|réf|rif|vacature(?:nummer)?)\\.?\\s*:?\\s*)[\\p{L}\\d/-]*\\d[\\p{L}\\d/-]*${E}|${W}#\\s?\\d[\\p{L}\\d-]*${E}`,
      "giu",
    ),
  },
  // Pay with its currency first, as English ads write it: "$18/hr", "Up to $25 per hour", "€32,000 – €36,000",
  // "$85K-$105K + Bonus"; a U.S. federal grade (GS-1102-12) is a pay plan.
  {
    kind: "pay",
    digits: true,
    re: new RegExp(
      `(?:${W}(?:up to|from|starting at|starting from|earn(?: up to)?|tot|vanaf|bis(?: zu)?|ab|jusqu['’]à|hasta|fino a)\\s+)?[$€£]\\s?\\d[\\d.,]*(?:\\s?k${E})?(?:\\s*(?:-|–|to)\\s*[$€£]?\\s?\\d[\\d.,]*(?:\\s?k${E})?)?(?:\\s*(?:/|per|p/|an|a|pro|par|na|al|la)\\s*(?:hr|hour|h|u|uur|std|stunde|heure|hora|ora|godz|yr|year|annum|jaar|jahr|an|año|anno|rok|week|wk|month|mo|maand|monat|mois|mes|mese|miesiąc|day|shift)${E})?(?:\\s*(?:\\+|plus)\\s*(?:benefits|bonus|ote|overtime|commission|primes|prämien|premie)${E})?|${W}GS-\\d{1,4}(?:-\\d{1,2}(?:/\\d{1,2})?)*${E}`,
      "giu",
    ),
  },
  { kind: "pay", re: words(["RAL\\s*\\d[\\d.,\\s-]*k?"]), digits: true },
  {
    kind: "pay",
    digits: true,
    re: new RegExp(
      `(?:${W}(?:ab|od|from|vanaf|van|à partir de|a partir de|da|de|entre|tra|fra|zwischen|tussen|between|bis(?: zu)?|do|up to|jusqu['’]à|hasta|fino a|tot)\\s+)?\\d[\\d.,\\s]*(?:\\s*(?:[-–]|(?:bis|und|à|a|et|tot|en|do|to|and|y|e)(?=\\s))\\s*\\d[\\d.,]*(?:\\s\\d{3})*)?\\s*(?:k\\s?€|€|eur|euro|zł|zl|pln|chf|\\$|k|tys\\.?)(?:\\s*(?:/|per|pro|par|al|a la|na)\\s*(?:std|stunde|h|hour|heure|uur|godz|ora|hora|mes|mois|monat|month|maand|miesiąc|mese|jahr|year|an|año|anno|rok))?\\.?(?:\\s*(?:brutto|netto|brut|net|bruto|neto|lordo|lordi|brutos|netos)(?:\\s*(?:/\\s*)?(?:mois|monat|mes|mese|miesięcznie|annuel|annui|anuales|jährlich|año|anno|jahr|rok|std|godz)|\\s*/\\s*(?:an|h))?)?(?:\\s*\\+\\s*(?:primes|bonus|prämien|premie|vat))?${E}`,
      "giu",
    ),
  },
  {
    kind: "pay",
    re: words([
      "brutto",
      "netto",
      "brut",
      "bruto",
      "lordo",
      "tarif\\w*",
      "TVöD[\\w-]*",
      "TV-L",
      "schaal\\s*\\d+",
      "cao\\s+\\w+",
      "primes",
      "sign[- ]on bonus",
      "signing bonus",
      "competitive (?:salary|pay)",
      "(?:weekly|daily) pay",
      "(?:\\+|plus) benefits",
    ]),
  },
  {
    kind: "hours",
    digits: true,
    re: new RegExp(
      `${W}\\d+(?:[.,]\\d+)?(?:\\s*(?:[-–]|bis|to|à|a|tot|do)\\s*\\d+(?:[.,]\\d+)?)?\\s*(?:uur|std\\.?|stunden|wochenstunden|h|heures|horas|ore|godz\\.?|hours|hrs)(?:\\s*(?:/|per|pro|par|a la|alla|al|na|in der)\\s*(?:woche|week|semaine|semana|settimana|tydzień|sem\\.?|wk|tag|day|jour|día|giorno|dzień|dag))?${E}\\.?`,
      "giu",
    ),
  },
  {
    kind: "hours",
    digits: true,
    re: new RegExp(
      `${W}(?:\\d+[-–]tage[-–]woche|\\d+\\s+dagen\\s+per\\s+week|\\d+j/sem|\\d/\\d\\s+etatu|\\d+(?:[.,]\\d+)?(?:\\s*[-–]\\s*\\d+(?:[.,]\\d+)?)?\\s*(?:fte|etatu|etat))${E}`,
      "giu",
    ),
  },
  // The hours of the day ("10pm–6am", "7-15 Uhr", "6:00–14:00") and days of the week ("3 Days Office", "3 dagen",
  // "3 mattine a settimana", "2x wöchentlich").
  {
    kind: "hours",
    digits: true,
    re: new RegExp(
      `${W}(?:\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:am|pm|uhr|h)?\\s*[-–]\\s*\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:am|pm|uhr|h)|\\d{1,2}:\\d\\d\\s*[-–]\\s*\\d{1,2}:\\d\\d|\\d(?:\\s*[-–]\\s*\\d)?\\s*days?(?:\\s+(?:in\\s+(?:the\\s+)?)?office|\\s+(?:per|a)\\s+week|\\s+on-?site)?|\\d\\s*dagen(?:\\s+per\\s+week)?|\\d\\s*(?:mattine|pomeriggi|sere)\\s+a\\s+settimana|\\dx\\s*(?:wöchentlich|pro woche|par semaine|por semana|a settimana|per week|a week))${E}`,
      "giu",
    ),
  },
  {
    kind: "contract",
    re: words([
      "CDI",
      "CDD",
      "int[ée]rim",
      "alternance",
      "freelance",
      "vacataire",
      "lib[ée]ral",
      "salariat",
      "befristet",
      "unbefristet",
      "festanstellung",
      "minijob",
      "honorarbasis",
      "werkstudent\\w*",
      "ausbildung",
      "quereinsteiger\\w*",
      "vast contract",
      "tijdelijk(?:e)? contract",
      "tijdelijk",
      "detachering",
      "uitzend\\w*",
      "umowa o pracę",
      "umowa zlecenie",
      "umowa o dzieło",
      "kontrakt",
      "na B2B",
      "\\(B2B\\)",
      "staż",
      "contrato indefinido",
      "contrato temporal",
      "contrato de \\d+ meses",
      "indefinido",
      "temporal",
      "sustituciones(?: de verano)?",
      "pr[áa]cticas",
      "contratto a tempo (?:in)?determinato",
      "tempo (?:in)?determinato",
      "partita IVA",
      "supplenz\\w*",
      "incarico provvisorio",
      "apprendistato",
      "tirocinio(?: (?:extra)?curriculare| formativo)?",
      "stage (?:extra)?curriculare",
      "permanent(?! make-?up)",
      "fixed[- ]term(?: contract)?(?:,? \\d+ months?)?",
      "specified purpose(?: contract)?",
      "maternity (?:leave )?cover",
      "temp[- ]to[- ](?:hire|perm)",
      "contract[- ]to[- ]hire",
      "temporary(?![-/])",
      "temp(?![-/])",
      "locum tenens",
    ]),
  },
  // How long the post lasts or the experience asked for: "für 6 Monate", "CDD 9 mois", "11-Month Contract",
  // "Mission 3 mois", "3 años de experiencia", "(2-4 Years)"; not a child's age ("3-5 year olds").
  {
    kind: "duration",
    digits: true,
    re: new RegExp(
      `${W}(?:(?:(?:contrat|contrato|contratto)\\s+(?:de\\s+|di\\s+|d')?|(?:für|pour|de|for|per|na|voor|durante|por|mission|contract|vertrag)\\s+))?\\d+(?:\\s*(?:[-–]|to|bis|à|a)\\s*\\d+)?\\+?[-\\s]?(?:monate?n?|mois|months?|meses|mesi|miesiące|miesięcy|maanden|jahre?n?|ans?|years?|yrs|años|anni|lata|lat|jaar)(?![-\\s]*olds?${E})(?:[-\\s](?:contract|mission|vertrag|contrat|contrato|contratto))?(?:\\s+(?:of\\s+|de\\s+|d'|di\\s+)?(?:experience|experiencia|expérience|esperienza|berufserfahrung|erfahrung|doświadczenia|ervaring|exp))?${E}\\.?`,
      "giu",
    ),
  },
  {
    kind: "schedule",
    re: words([
      "voll-? oder teilzeit",
      "vollzeit",
      "teilzeit",
      "schichtdienst",
      "\\d-schicht-system",
      "im \\d-schicht-system",
      "wechselschicht",
      "nachtdienst",
      "\\d-ploegendienst",
      "ploegendienst",
      "temps plein",
      "temps partiel",
      "de nuit",
      "fulltime",
      "full[- ]time",
      "parttime",
      "part[- ]time",
      "deeltijd",
      "voltijd",
      "pełny etat",
      "pełen etat",
      "niepełny etat",
      "praca zmianowa",
      "system równoważny(?: \\d+ h)?",
      "jornada completa",
      "media jornada",
      "jornada parcial",
      "turno de (?:mañana|tarde|noche)",
      "a turni",
      "turni",
      "tempo pieno",
      "night shift",
      "day shift",
      "weekend",
      "\\d(?:st|nd|rd|th) shift",
      "(?:day|night|evening|overnight|swing|graveyard|weekend|rotating) shifts",
      "(?:swing|graveyard|evening|overnight|rotating) shift",
      "nights",
      "days",
      "evenings",
      "overnights",
      "weekends",
      "per diem",
      "\\d+ on \\d+ off",
      "\\d\\s?x\\s?12s?",
      "\\d{1,2}[- ]?(?:hour|hr)s? shifts?",
      "seasonal",
      "casual",
      "relief",
      "mon(?:day)?[- ]fri(?:day)?",
      "24/7(?: shifts?)?",
      "\\d\\s?(?:turni|turnos|zmiany)",
      "system \\d-zmianowy",
      "\\d-zmianowy",
      "turnos rotativos",
      "fines de semana",
      "temporada de (?:verano|invierno)",
      "saison (?:d'été|été|d'hiver|hiver|estivale)",
      "stagione (?:estiva|invernale)",
      // Season words alone, as a segment of their own ("– Temporada –"): inside a role they may be its words
      // ("Planificador de Turnos", "Responsable de Campaña de Marketing", "Seizoenkracht").
      "^(?:turnos|temporada|campaña(?: de (?:la |el )?\\p{L}+)?|saison|saisonnier|stagione|stagionale|seizoen|seizoenswerk|saisonal)$",
      "avonduren",
      "abends",
      "vormittags",
      "nachmittags",
      "soirs?(?: et week-ends?)?",
      "week-ends?",
      "(?:start|ab|dès|desde|dal|od|vanaf|per) (?:sofort|direct|\\d{1,2}[./]\\d{1,2}[./](?:\\d{2,4})?)",
      "ab sofort",
      "per direct",
    ]),
  },
  {
    kind: "work_mode",
    re: words([
      "\\d+ ?% (?:remote|zdalnie|remoto|télétravail|thuiswerken|homeoffice|home office)",
      "homeoffice(?: möglich)?",
      "remote möglich",
      "home office",
      "mobiles arbeiten",
      "remote(?: \\d+ ?%)?",
      "full remote",
      "hybride",
      "télétravail(?: \\d+j/sem)?",
      "thuiswerken",
      "zdalnie",
      "praca zdalna",
      "hybrydowo",
      "teletrabajo",
      "remoto(?: \\d+ ?%)?",
      "smart working(?: \\d+ giorni a settimana)?",
      "en remoto",
      "visio",
      "hybrid",
      "on[- ]?site",
      "in[- ]office",
      "WFH",
      "work from home",
      "fully remote",
    ]),
  },
  // "für unseren ambulanten Pflegedienst", "pour notre service de réanimation", "para nuestra Unidad …": where, not what.
  {
    kind: "department",
    re: new RegExp(
      `${W}(?:für (?:unsere[nrs]?|die|das|den)|pour (?:notre|nos|la|le)|para (?:nuestra|nuestro|nuestros|nuestras)|per (?:la nostra|il nostro)|voor (?:ons|onze)|do (?:naszego|naszej)|for (?:our|the)|at our)${E}.*$`,
      "iu",
    ),
  },
];

// Countries' English names and aliases, lower case (a lookup by name in the library scans them all: 30 µs).
const COUNTRY_NAMES = new Set(
  Object.values(countries.getNames("en", { select: "all" }))
    .flat()
    .map((name) => name.toLowerCase()),
);

// Spaced dashes and bars separate a headline's segments; a dash inside a word ("Voll- oder", "Amsterdam-Zuid") does not,
// nor a middle dot between letters, French inclusive writing ("Directeur·rice d'EHPAD").
const SEGMENT = /\s+[–—|]\s+|\s+-\s+|\s*[|•]\s*|\s+·\s*|\s*·(?!\p{L})|(?<!\p{L})·/u;

// An employer announcing whom it hires: "EHPAD Les Tilleuls recrute : Aide-soignant(e)", "Bäckerei Kurz sucht
// Verkäufer/in", "Armée de Terre recrute – Soldat". The role follows the verb (after an article), or is the next segment.
const EMPLOYER_HIRES =
  /^(.+?)\s+(?:recrute|recrutent|sucht|zoekt|busca|cerca|zatrudni|zatrudnia|szuka|is hiring|are hiring)(?![\p{L}])\s*[:!]?\s*(?:(?:un|une|des|einen|eine|een|una|uno|an?)\s+)?(.*)$/iu;
const NO_EMPLOYER = /^(?:se|wir|on|nous|we|wij|ik|ich)$/iu; // "Se busca camarero", "Wir suchen": the call alone

/** A segment without the employer that announces its hiring, and the employer; null when it names none. */
function withoutEmployer(segment: string, followed: boolean): { role: string; employer: string } | null {
  const m = EMPLOYER_HIRES.exec(segment);
  if (!m || NO_EMPLOYER.test(m[1].trim())) return null;
  const role = m[2].trim();
  // "le SDIS recrute !" at the end of the only segment: what comes before it is the role.
  if (!/\p{L}{2,}/u.test(role) && !followed) return null;
  return { role, employer: m[1].trim() };
}

/** The role and the parts around it. Parsing is idempotent: the role of a plain title is the title. */
export function parseHeadline(text: string): Headline {
  const parts: HeadlinePart[] = [];
  const segments = text
    .split(SEGMENT)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s, i, all) => {
      const hires = withoutEmployer(s, i < all.length - 1);
      if (!hires) return s;
      parts.push({ kind: "employer", text: hires.employer });
      return hires.role;
    })
    .filter(Boolean);
  const clean = (segment: string) => {
    let out = segment;
    const hasDigit = /\d/.test(segment);
    for (const { kind, re, digits } of PATTERNS) {
      if (digits && !hasDigit) continue;
      out = out.replace(re, (m) => {
        parts.push({ kind, text: m.trim() });
        return " ";
      });
    }
    // What is left once a trailing comma part was only contract, pay or place words: "…, befristet".
    return out
      .replace(/\(\s*[,;:/]*\s*[,;:/]*\s*\)/g, " ")
      .replace(/\s+(?:in|im|in der|bei|en|à|a|w|na|de|di|da|op|per|para|pour)\s*$/u, "")
      .replace(/(?:\s*[,;:+/]\s*)+$/u, "")
      .replace(/^\s*[,;:/]+\s*/u, "")
      .replace(/\s{2,}/g, " ")
      .trim();
  };
  const cleaned = segments.map(clean);
  // The role: the first segment that still says something (a headline may open with its schedule).
  const roleAt = cleaned.findIndex((s) => /\p{L}{2,}/u.test(s));
  const role = roleAt < 0 ? text.trim() : cleaned[roleAt];
  const rest: string[] = [];
  cleaned.forEach((s, i) => {
    if (i === roleAt || !/\p{L}{2,}/u.test(s)) return;
    // A segment that is a country's name is where, not what ("– Malta" is no malt expert).
    if (COUNTRY_NAMES.has(s.toLowerCase())) parts.push({ kind: "place", text: s });
    else {
      parts.push({ kind: "segment", text: s });
      rest.push(s);
    }
  });
  return { role, roleAsWritten: roleAt < 0 ? role : segments[roleAt], parts, segments: rest };
}

// Text that is no job title: markup, an address, a sentence, a company. The matcher answers none of them.
const MARKUP = /<\/?[a-z][^>]*>|&(?:nbsp|amp|lt|gt|#\d+);|https?:\/\/|www\.|[\w.+-]+@[\w-]+\.[\w.]+|[{}]|\[\/?\w+\]/iu;
const LEGAL_FORM =
  /(?:^|\s)(?:inc|llc|l\.l\.c|ltd|limited|corp|corporation|& co|gmbh|gmbh & co\.? kg|ohg|e\.v|s\.a|sarl|s\.a\.r\.l|s\.p\.a|s\.r\.l|srl|b\.v|bv|n\.v|sp\. z o\.o|plc|llp|pllc)\.?,?$/iu;

/** Why a text is not a job title (markup, a sentence, a company name, no word), or null when it may be one. */
export function notATitle(
  text: string,
  headline: Headline = parseHeadline(text),
): "markup" | "sentence" | "company" | "no word" | null {
  if (MARKUP.test(text)) return "markup";
  // A title has a word of two letters at least (RN, PA, Koch); "N/A", "x" or "-" name nothing.
  if (!/\p{L}\p{L}/u.test(text)) return "no word";
  const words = headline.role.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  // A title names a role in a few words (the classifications' longest take 15); a sentence goes on, or asks.
  if (words.length > 20 || /\?\s*$/u.test(text)) return "sentence";
  if (LEGAL_FORM.test(text.trim())) return "company";
  return null;
}
