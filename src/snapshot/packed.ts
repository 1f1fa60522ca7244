// Derived values are stored packed, one row per column of values, because start-up reads them: one row and a
// split cost a few milliseconds where fifty thousand rows cost twenty. Strings are joined by U+001F (unit
// separator), numbers are little-endian typed arrays.
import type { Database } from "bun:sqlite";
import { PackedTexts, TEXT_SEPARATOR as SEPARATOR, type TextList } from "../domain/packed-texts.ts";

export function packStrings(values: readonly string[]): string {
  for (const v of values)
    if (v.includes(SEPARATOR)) throw new Error(`cannot pack a value holding U+001F: ${JSON.stringify(v.slice(0, 60))}`);
  return values.join(SEPARATOR);
}

export const unpackStrings = (packed: string): string[] => (packed === "" ? [] : packed.split(SEPARATOR));

/** The bytes of a typed array, for a BLOB. */
type Packable = Int32Array | Uint16Array | Uint8Array | Float32Array;

export const bytesOf = (values: Packable) => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);

/** A typed array over a BLOB's bytes: a view when aligned, else a copy. */
export function typedFrom<T extends Packable>(
  bytes: Uint8Array,
  Kind: { new (b: ArrayBufferLike, o: number, n: number): T; new (b: ArrayBufferLike): T; BYTES_PER_ELEMENT: number },
): T {
  const n = bytes.byteLength / Kind.BYTES_PER_ELEMENT;
  if (bytes.byteOffset % Kind.BYTES_PER_ELEMENT === 0) return new Kind(bytes.buffer, bytes.byteOffset, n);
  return new Kind(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** All packed values whose name starts with `prefix` (e.g. "title_index."), by the rest of the name. */
export function readPacked(db: Database, prefix: string): Map<string, string | Uint8Array> {
  const rows = db
    .query<{ name: string; value: string | Uint8Array }, [string]>(
      "SELECT name, value FROM derived WHERE name GLOB ? || '*'",
    )
    .all(prefix);
  return new Map(rows.map((r) => [r.name.slice(prefix.length), r.value]));
}

export function writePacked(db: Database, prefix: string, values: Record<string, string | Uint8Array>): number {
  const insert = db.prepare("INSERT INTO derived (name, value) VALUES (?, ?)");
  for (const [name, value] of Object.entries(values)) insert.run(prefix + name, value);
  return Object.keys(values).length;
}

/** Texts packed under `name`, and where each ends under `<name>_ends` (restored without a scan: storedTexts). */
export function packTexts(name: string, texts: TextList): Record<string, string | Uint8Array> {
  const packed =
    texts instanceof PackedTexts ? texts : PackedTexts.of(Array.from({ length: texts.length }, (_, i) => texts.at(i)!));
  return { [name]: packed.packed, [`${name}_ends`]: bytesOf(packed.endsArray()) };
}

/** The texts packTexts stored under `name`, among the values readPacked read. */
export const storedTexts = (values: Map<string, string | Uint8Array>, name: string): PackedTexts =>
  new PackedTexts(values.get(name) as string, typedFrom(values.get(`${name}_ends`) as Uint8Array, Int32Array));
