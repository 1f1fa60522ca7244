// States, provinces and regions abroad: the ISO 3166-2 subdivisions (from the `iso-3166` package), by name and by
// the code after the country's ("Ontario", "ON"; "England", "ENG"; "Île-de-France", "IDF"). "Place, Qualifier"
// reads a qualifier as a region only when it is one of these, a U.S. state or a country, so "Seattle, Austin" is two
// places, not Seattle in a region called Austin. U.S. states are left out: the resolver's own state rule reads them.
import { placeKey } from "./place-key.ts";

let countriesByRegion: Map<string, Set<string>> | null = null;

/** The subdivision list, loaded on first use, not at start-up: it costs about 5 MB resident, and few inputs need it. */
const subdivisions = () => (require("iso-3166/2.js") as typeof import("iso-3166/2.js")).iso31662;

/** Each form of a subdivision's name ("Asturias, Principado de" is "Asturias" too). */
const nameForms = (name: string) => [name, ...name.replace(/\s*\([^)]*\)/g, "").split(",")].map((n) => n.trim());

function index(): Map<string, Set<string>> {
  const iso31662 = subdivisions();
  const out = new Map<string, Set<string>>();
  const add = (key: string, country: string) => {
    if (!key) return;
    let set = out.get(key);
    if (!set) out.set(key, (set = new Set()));
    set.add(country);
  };
  for (const { code, name } of iso31662) {
    const [country, own] = code.split("-");
    if (country === "US") continue;
    // "Asturias, Principado de", "Valle d'Aosta, Vallée d'Aoste", "Guyane (française)": each form is a name.
    for (const form of nameForms(name)) add(placeKey(form), country);
    if (/^[a-z]{2,3}$/i.test(own)) add(placeKey(own), country); // digit codes ("IT-25") are never typed as a region
  }
  return out;
}

/** The countries (ISO alpha-2) having a subdivision of that name or code; empty when none has. */
export function regionCountries(text: string): string[] {
  countriesByRegion ??= index();
  return [...(countriesByRegion.get(placeKey(text)) ?? [])];
}

/** The names of the subdivisions of `countries` (ISO alpha-2), each form once: what a misspelling may mean. */
export function subdivisionNames(countries: ReadonlySet<string>): { name: string; country: string }[] {
  const out = new Map<string, { name: string; country: string }>();
  for (const { code, name } of subdivisions()) {
    const country = code.split("-")[0];
    if (!countries.has(country)) continue;
    for (const form of nameForms(name))
      if (form && !out.has(`${country}|${form}`)) out.set(`${country}|${form}`, { name: form, country });
  }
  return [...out.values()];
}
