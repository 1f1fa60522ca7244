// Has the country transposed Directive (EU) 2023/970 (pay transparency; deadline 7 June 2026)?
// A dated table with a source per entry. No source available to this project confirms any country's
// transposition, so every entry is "unknown" and E8 answers false with an info warning, never a guess.
// Update an entry only with its national measure and a citation.
export const TRANSPOSITION_TABLE_DATE = "2026-11-21";

export interface TranspositionEntry {
  transposed: boolean | null;
  source: string | null;
  asOf: string;
}

const UNKNOWN: TranspositionEntry = { transposed: null, source: null, asOf: TRANSPOSITION_TABLE_DATE };

/** Entries by ISO alpha-2; a country not listed is unknown. */
const TABLE: Record<string, TranspositionEntry> = {};

export const transpositionOf = (iso2: string): TranspositionEntry =>
  Object.hasOwn(TABLE, iso2) ? TABLE[iso2] : UNKNOWN;

/** The info E8 gives when no source confirms the country's transposition (directive_transposed is then false). */
export const transpositionUnknownFinding = (countryName: string) => ({
  code: "TRANSPOSITION_STATUS_UNKNOWN" as const,
  severity: "info" as const,
  message: `No source available to this service (table dated ${TRANSPOSITION_TABLE_DATE}) confirms that ${countryName} has transposed Directive (EU) 2023/970, so directive_transposed is false; check the national measure.`,
});
