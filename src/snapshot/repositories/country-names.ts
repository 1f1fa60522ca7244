// Country names in every language, folded (domain/location.ts countryNameKeys), as the snapshot build stores them
// (derived rows country_name.*): one sorted packed list searched in place, and the ISO code of each.
import type { Database } from "bun:sqlite";
import { countryNameKeys } from "../../domain/location.ts";
import { packStrings, packTexts, readPacked, storedTexts, unpackStrings } from "../packed.ts";

export const COUNTRY_NAME_KEY = "country_name.";

export function packCountryNames(): Record<string, string | Uint8Array> {
  const names = countryNameKeys();
  return {
    ...packTexts(
      "keys",
      names.map((n) => n.key),
    ),
    codes: packStrings(names.map((n) => n.iso2)),
  };
}

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
