import { expect, test } from "bun:test";
import { isRemoteWork, readJobAdPlace } from "./job-ad.ts";

test("work modes in seven languages, with the separators and prepositions around them, are set aside", () => {
  const cases: [string, string, string][] = [
    ["Remote", "", "Remote"],
    ["Remote, US", "US", "Remote"],
    ["Hybrid in Munich", "Munich", "Hybrid"],
    ["Temporarily Remote in Houston, TX", "Houston, TX", "Temporarily Remote"],
    ["Wien – Hybrid / Homeoffice", "Wien", "Hybrid / Homeoffice"],
    ["Remote or Hybrid", "", "Remote or Hybrid"], // not "or", Oregon
    ["Albany (Hybrid or Remote)", "Albany", "Hybrid or Remote"],
    ["Berlin (remote possible)", "Berlin", "remote possible"],
    ["Remote (US only)", "US", "Remote"],
    ["Remote from Spain", "Spain", "Remote"],
    ["Hybrid - A Coruña", "A Coruña", "Hybrid"], // the article is the city's, not a preposition after the mode
    ["zdalnie lub hybrydowo, Kraków", "Kraków", "zdalnie lub hybrydowo"],
    ["Lyon (télétravail partiel)", "Lyon", "télétravail partiel"],
    ["Thuiswerken", "", "Thuiswerken"],
    ["Gdańsk (praca zdalna)", "Gdańsk", "praca zdalna"],
    ["Valencia · Teletrabajo", "Valencia", "Teletrabajo"],
    ["Bologna - da remoto", "Bologna", "da remoto"],
  ];
  for (const [input, text, workMode] of cases)
    expect([input, readJobAdPlace(input)]).toEqual([input, { text, workMode, postcode: null }]);
});

test("postcodes before or after the name, in U.S., EU, British, Canadian and Irish shapes", () => {
  const cases: [string, string, string][] = [
    ["New York, NY 10001", "New York, NY", "10001"],
    ["Phoenix, AZ 85004-2202", "Phoenix, AZ", "85004-2202"],
    ["San Jose, CA 95113, USA", "San Jose, CA", "95113"],
    ["43215 COLUMBUS", "COLUMBUS", "43215"], // not "COLUMB" + "US"
    ["8000 AARHUS", "AARHUS", "8000"],
    ["10115 Berlin", "Berlin", "10115"],
    ["D-80331 München", "München", "D-80331"],
    ["00-001 Warszawa", "Warszawa", "00-001"],
    ["1012 AB Amsterdam", "Amsterdam", "1012 AB"],
    ["111 22 Stockholm", "Stockholm", "111 22"],
    ["110 00 Praha 1", "Praha", "110 00"],
    ["London EC2A 2BB", "London", "EC2A 2BB"],
    ["Vancouver, BC V6B 1A1", "Vancouver, BC", "V6B 1A1"],
    ["Dublin 2, D02 X285", "Dublin", "D02 X285"],
  ];
  for (const [input, text, postcode] of cases)
    expect([input, readJobAdPlace(input)]).toEqual([input, { text, workMode: null, postcode }]);
});

test("a district number alone is set aside silently; a plain name, a ZIP code alone or a code is left to the resolver", () => {
  expect(readJobAdPlace("Paris 8e")).toEqual({ text: "Paris", workMode: null, postcode: null });
  for (const input of [
    "Berlin",
    "Austin, TX",
    "78701",
    "ZIP 78701",
    "0035620",
    "US-TX",
    "Remoteville",
    "Onsited",
    "29 Palms, CA",
  ])
    expect([input, readJobAdPlace(input)]).toEqual([input, null]);
});

test("remote work is told from hybrid and on-site work, in the languages read", () => {
  for (const mode of ["Remote", "Remote or Hybrid", "Homeoffice", "télétravail partiel", "zdalnie", "Telecommute"])
    expect([mode, isRemoteWork(mode)]).toEqual([mode, true]);
  for (const mode of ["Hybrid", "On-site", "hybride", "presencial", "in sede"])
    expect([mode, isRemoteWork(mode)]).toEqual([mode, false]);
});
