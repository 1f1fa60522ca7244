// Regions abroad by ISO 3166-2 name or code (values from the standard's lists: CA-ON Ontario, GB-ENG England, FR-IDF Île-de-France).
import { describe, expect, test } from "bun:test";
import { regionCountries } from "./regions.ts";

describe("regionCountries", () => {
  test("a province, nation or region by name, accents and case as typed", () => {
    expect(regionCountries("Ontario")).toEqual(["CA"]);
    expect(regionCountries("england")).toEqual(["GB"]);
    expect(regionCountries("Ile-de-France")).toEqual(["FR"]);
    expect(regionCountries("Bayern")).toEqual(["DE"]);
  });
  test("by its code after the country's (CA-BC), in every country that uses it", () => {
    expect(regionCountries("BC")).toContain("CA");
    expect(regionCountries("NSW")).toEqual(["AU"]);
  });
  test("a name written inverted or with its other language is each form", () => {
    expect(regionCountries("Asturias")).toEqual(["ES"]); // "Asturias, Principado de"
    expect(regionCountries("Vallée d'Aoste")).toEqual(["IT"]); // "Valle d'Aosta, Vallée d'Aoste"
  });
  test("a city that is no region, and U.S. states (the resolver's own rule reads them), are none", () => {
    expect(regionCountries("Austin")).toEqual([]);
    expect(regionCountries("Seattle")).toEqual([]);
    expect(regionCountries("Texas")).toEqual([]);
  });
});
