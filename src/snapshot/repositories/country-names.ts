// Country names in every language, folded (domain/location.ts countryNameKeys), as the snapshot build stores them
// (derived rows country_name.*): one sorted packed list searched in place, and the ISO code of each.
import type { Database } from "bun:sqlite";
import { countryNameKeys } from "../../domain/location.ts";
import { PackedTexts } from "../../domain/packed-texts.ts";
import { bytesOf, packStrings, readPacked, typedFrom, unpackStrings } from "../packed.ts";

export const COUNTRY_NAME_KEY = "country_name.";

export function packCountryNames(): Record<string, string | Uint8Array> {
  const names = countryNameKeys();
  const keys = PackedTexts.of(names.map((n) => n.key));
  return { keys: keys.packed, keys_ends: bytesOf(keys.endsArray()), codes: packStrings(names.map((n) => n.iso2)) };
}

/** Folded name → ISO alpha-2, or null. */
export function storedCountryNames(db: Database): (key: string) => string | null {
  const p = readPacked(db, COUNTRY_NAME_KEY);
  const keys = new PackedTexts(p.get("keys") as string, typedFrom(p.get("keys_ends") as Uint8Array, Int32Array));
  const codes = unpackStrings(p.get("codes") as string);
  return (key) => {
    const at = keys.sortedIndexOf(key);
    return at < 0 ? null : codes[at];
  };
}
