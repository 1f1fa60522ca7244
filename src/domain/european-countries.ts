// The countries E2–E6 treat as European: the EU-27 and the rest of the EEA (Iceland, Liechtenstein, Norway).
// ISO 3166 alpha-2 codes; Eurostat writes Greece as EL.
export const EU_EEA = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
] as const;

export const isoToEurostat = (iso: string) => (iso === "GR" ? "EL" : iso === "GB" ? "UK" : iso);
export const eurostatToIso = (code: string) => (code === "EL" ? "GR" : code === "UK" ? "GB" : code);
