// Country names in every language, folded (domain/country-names-every-language.ts countryNameKeys), as the snapshot
// build stores them (derived rows country_name.*, scripts/snapshot/derived.ts): one sorted packed list searched in
// place, and the ISO code of each.
import type { Database } from "bun:sqlite";
import { readPacked, storedTexts, unpackStrings } from "../packed.ts";

export const COUNTRY_NAME_KEY = "country_name.";

/** Folded name → ISO alpha-2, or null. */
export function storedCountryNames(db: Database): (key: string) => string | null {
  const p = readPacked(db, COUNTRY_NAME_KEY);
  const keys = storedTexts(p, "keys");
  const codes = unpackStrings(p.get("codes") as string);
  return (key) => {
    const at = keys.sortedIndexOf(key);
    return at < 0 ? null : codes[at];
  };
}
