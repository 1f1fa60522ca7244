// Two coding conventions the lexicon cannot learn from labels, proposed to the ranker as candidates (it weighs
// them like any other, from labelled titles):
// - Armed forces: ISCO-08 codes members of the armed forces in major group 0 whatever their task (a military cook
//   is 0310, a military doctor with an officer's rank 0110): commissioned officers 0110, non-commissioned officers
//   0210, other ranks 0310. EU path only (SOC's military group 55 has no OEWS wages).
// - Nursing: a nurse title in any of the seven languages is a nursing professional (ISCO 2221; SOC 29-1141
//   Registered Nurses), not a phlebotomist or care assistant, unless it says assistant, aide or helper, or names
//   another role (a nurse manager, a nursing teacher).
// - Driving licence: a driver title naming the licence its vehicles need codes by that licence, as ISCO-08 and SOC
//   separate drivers by vehicle: a heavy goods licence (EU categories C1, C, C1E, CE; French PL/SPL, British HGV,
//   U.S. CDL) is a heavy truck driver (ISCO 8332; SOC 53-3032), a bus licence (D, D1, DE) or a licence beside a
//   bus a bus driver (8331; EU path only, as SOC's school and transit bus drivers are told apart by the words).
//   "Kierowca kat. C+E" is no car or van driver (8322), which the words alone suggest.
import { fold } from "./text.ts";
import type { Headline } from "./headline.ts";

export type ConventionRule = "armed_forces" | "nursing" | "driving_licence";
export interface Convention {
  rule: ConventionRule;
  isco: string;
  soc: string | null;
}

const re = (words: string[]) => new RegExp(`(?<![a-z])(?:${words.join("|")})(?![a-z])`, "u");

// Words that place a headline in the armed forces, folded (ä → ae, accents dropped).
const MILITARY = re([
  "bundeswehr",
  "bundesheer",
  "streitkraefte",
  "soldat\\w*",
  "feldwebel\\w*",
  "unteroffizier\\w*",
  "offizier\\w*",
  "fallschirmjaeger",
  "truppendienst",
  "luftwaffe",
  "deutsche marine",
  "armee de terre",
  "armee de l'air\\w*",
  "armee de l ?air\\w*",
  "marine nationale",
  "legion etrangere",
  "engage volontaire",
  "sous-officier\\w*",
  "militaire\\w*",
  "defensie",
  "landmacht",
  "luchtmacht",
  "koninklijke marine",
  "marechaussee",
  "korps mariniers",
  "marinier",
  "onderofficier\\w*",
  "militair\\w*",
  "soldaat",
  "wojsko\\w*",
  "wojska\\w*",
  "wojskow\\w*",
  "zolnierz\\w*",
  "marynarka wojenna",
  "marynarki wojennej",
  "podoficer\\w*",
  "chorazy",
  "ejercito",
  "fuerzas armadas",
  "tropa profesional",
  "tropa y marineria",
  "militar\\w*",
  "soldad[oa]s?", // not soldador (welder)
  "suboficial\\w*",
  "legionari[oa]\\w*",
  "infanteria de marina",
  "armada",
  "esercito",
  "marina militare",
  // Naval and air force academies train officers: "Allievi Ufficiali – Accademia Navale di Livorno".
  "accademia (?:navale|aeronautica)",
  "scuola navale",
  "ecole navale",
  "escuela naval",
  "aeronautica militare",
  "forze armate",
  "militare\\w*",
  "sottufficial\\w*",
  "vfi",
  "vfp\\d*",
  "arruolament\\w*",
  "army",
  "navy",
  "air force",
  "marine corps",
  "armed forces",
  "defen[cs]e forces",
  "air corps",
  "naval service",
  "royal marines",
  "military",
  "soldier\\w*",
  "enlisted",
]);
// Police and civilian posts stay where their task puts them, even with a military word.
const NOT_MILITARY = re([
  "salvation army",
  "old navy",
  "navy federal",
  "polizei\\w*",
  "police",
  "garda\\w*",
  "politie",
  "policja\\w*",
  "policia",
  "polizia",
  "gendarmerie",
  "guardia civil",
  "carabinier\\w*",
  "zivil\\w*",
  "civil\\w*",
  "civiel\\w*",
  "cywiln\\w*",
  "beamt\\w*",
]);
const OFFICER = re([
  "offizier\\w*",
  "sanitaetsoffizier",
  "leutnant",
  "hauptmann",
  "officier",
  "officer",
  "oficer\\w*",
  "oficial\\w*",
  "ufficial\\w*",
  "luitenant",
  "kapitein",
  "porucznik",
  "kapitan",
  "teniente",
  "capitan",
  "tenente",
  "capitano",
  "piloot",
  "gevechtspiloot",
  "pilot\\w*",
  "pilote",
  "piloto",
]);
const NCO = re([
  "feldwebel\\w*",
  "unteroffizier\\w*",
  "bootsmann",
  "sous-officier\\w*",
  "sergent\\w*",
  "adjudant",
  "onderofficier\\w*",
  "wachtmeester",
  "sergeant\\w*",
  "podoficer\\w*",
  "chorazy",
  "sierzant\\w*",
  "suboficial\\w*",
  "sargento\\w*",
  "sottufficial\\w*",
  "maresciall\\w*",
  "sergente\\w*",
  "nocchier\\w*",
  "non-commissioned",
  "nco\\w*",
  "petty officer",
  "warrant officer",
]);

const NURSE = re([
  "nurse",
  "nurses",
  "\\w*krankenpfleger\\w*",
  "\\w*krankenschwester\\w*",
  "\\w*pflegefachkr(?:aft|aefte)\\w*",
  "pflegefachfrau",
  "pflegefachmann",
  "pflegefachperson\\w*",
  "gesundheits- und krankenpfleger\\w*",
  "fachkrankenpfleger\\w*",
  "infirmier\\w*",
  "infirmiere\\w*",
  "\\w*verpleegkundige\\w*",
  "verpleger\\w*",
  "pielegniar\\w*",
  "enfermer[oa]s?",
  "infermier[ea]",
  "infermieri",
]);
// A nurse word beside one of these names another role: an assistant or aide, a manager, a teacher, a recruiter;
// and in Ireland and Britain a dental nurse is a dental assistant (ISCO 3251), a nursery nurse a child care worker
// (5311), and a veterinary nurse, in any language, an animal's (3240).
const NOT_NURSE = re([
  "dental",
  "nursery",
  "veterinar\\w*",
  "animalier\\w*",
  "assist\\w*",
  "aide\\w*",
  "helfer\\w*",
  "hilfe\\w*",
  "hulp\\w*",
  "auxiliar\\w*",
  "ausiliari\\w*",
  "asystent\\w*",
  "opiekun\\w*",
  "pomoc\\w*",
  "ayudante\\w*",
  "tcae",
  "manager\\w*",
  "leitung",
  "leiter\\w*",
  "director\\w*",
  "directeur\\w*",
  "directrice",
  "dirigente",
  "kierownik\\w*",
  "jefe\\w*",
  "jefa\\w*",
  "responsabile",
  "coordinat\\w*",
  "cadre",
  "teacher\\w*",
  "lehrer\\w*",
  "docent\\w*",
  "profes\\w*",
  "insegnante",
  "instructor\\w*",
  "educator\\w*",
  "recruit\\w*",
  "practitioner\\w*",
  "anesthetist\\w*",
  "midwi\\w*",
  "practical",
  "vocational",
  "lpn",
  "lvn",
  "operatore",
  "socio sanitario",
  "oss",
]);

// Who is training to be a nurse is not one yet (a student, a trainee, an apprentice), in the seven languages. Read in
// the whole title: a headline's parser takes "Ausbildung" or "Alternance" out of the role as a contract.
const TRAINEE = re([
  "student\\w*",
  "studente\\w*",
  "studentka",
  "estudiante\\w*",
  "etudiant\\w*",
  "eleve\\w*",
  "schueler\\w*",
  "leerling\\w*",
  "uczen\\w*",
  "alumn[oa]s?",
  "auszubildend\\w*",
  "azubi",
  "ausbildung",
  "in opleiding",
  "en formation",
  "apprenti\\w*",
  "apprendist\\w*",
  "alternan\\w*",
  "trainee\\w*",
  "stagiai?re?\\w*",
  "praktikant\\w*",
  "praktykant\\w*",
  "tirocinant\\w*",
]);

// Drivers in the seven languages, folded; a forklift or crane "Fahrer" needs no road licence and names none.
// Written without a leading \w* (a substring or a word start): every title is tested.
const DRIVER =
  /fahrer(?!laubnis)|chauffeur|(?<![a-z])(?:conduct(?:eur|rice|or)|chofer|camioner|camionist|autist[ai](?![a-z])|kierowc|driver|trucker)/u;
// Another role beside a driver word: who plans, dispatches, leads, trains or recruits drivers, a machine's operator
// ("Baggerfahrer", "conducteur d'engins", "pile driver"), a co-driver or a device driver's developer. Substrings,
// as German compounds hold them ("Tourenplaner", "Fuhrparkleiter", "Fahrzeugdisponent").
const NOT_DRIVER =
  /disponent|dispatch|dyspozytor|planer|planner|planificat|spedytor|leiter|leitung|manager|kierownik|(?<![a-z])jef[ea]|coordinat|responsab|recruit|ausbild|lehrer|instru[ck]t|formateur|moniteur|istruttor|bagger|kran|radlader|stapler|beifahrer|(?<![a-z])pile|engins|travaux|develop|software|entwickler/u;
// A licence category as ads write it: after a licence word ("Klasse CE", "kat. C+E", "permis C", "patente CE",
// "rijbewijs C"), or on its own in a form no ordinary word takes ("C/CE", "C+E", "CE", "SPL", "HGV", "CDL") beside
// the driver word. Never before an apostrophe or a letter: "permis de conduire B", "licence d'exploitation".
const LICENCE_WORD =
  "(?:fuehrerschein(?:klasse)?|fahrerlaubnis(?:klasse)?|klasse|kl|kat|kategori[ai]|categor(?:y|ie|ia)|permis|carnet|patente|rijbewijs|licen[cs]e|prawo jazdy(?: kat)?)";
const licence = (categories: string, bare: string) =>
  new RegExp(`(?<![a-z0-9])(?:${LICENCE_WORD}\\.? ?(?:${categories})|${bare})(?![a-z0-9+'’])`, "u");
const HEAVY_LICENCE = licence("c1e|c1|c ?\\+ ?e|ce|c|pl|spl", "c1e|c1|c ?\\+ ?e|c ?/ ?ce|ce|spl|poids lourds?|hgv|cdl");
const BUS_LICENCE = licence("d1e|d1|d ?\\+ ?e|d", "d1e|d1|d ?\\+ ?e");
// A bus or coach: its driver holds a bus licence (EU D; a U.S. CDL with a passenger endorsement) whatever else is named.
const BUS = /bus(?!iness|t)|autocar|pullman|(?<![a-z])coach/u;

/** The licence a driver title names: heavy goods or bus (null: none, or no driver). */
function licenceOf(text: string): "heavy" | "bus" | null {
  if (!DRIVER.test(text) || NOT_DRIVER.test(text)) return null;
  if (BUS_LICENCE.test(text)) return "bus";
  if (!HEAVY_LICENCE.test(text)) return null;
  return BUS.test(text) ? "bus" : "heavy";
}

/** The convention a title falls under, if any. */
export function codingConvention(title: string, headline: Headline): Convention | null {
  const whole = fold(title),
    role = fold(headline.role);
  if (MILITARY.test(whole) && !NOT_MILITARY.test(whole)) {
    const isco = NCO.test(whole) ? "0210" : OFFICER.test(whole) ? "0110" : "0310";
    return { rule: "armed_forces", isco, soc: null };
  }
  if (NURSE.test(role) && !NOT_NURSE.test(role) && !TRAINEE.test(whole))
    return { rule: "nursing", isco: "2221", soc: "29-1141.00" };
  const licence = licenceOf(whole);
  if (licence === "heavy") return { rule: "driving_licence", isco: "8332", soc: "53-3032.00" };
  // SOC splits bus drivers into school and transit: on the U.S. path the words choose.
  if (licence === "bus") return { rule: "driving_licence", isco: "8331", soc: null };
  return null;
}
