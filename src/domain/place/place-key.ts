// The form a place name is looked up by, the same for every name GeoNames gives a place and for what a user
// types: lower case, no diacritics (München, Munchen → munchen; GeoNames' ASCII name Muenchen is a name too),
// no dots or apostrophes, hyphens as spaces, and the usual abbreviations written one way (St. Louis / Saint Louis,
// Ft. Worth / Fort Worth, Mt. Vernon / Mount Vernon). Not the title matcher's `fold`, which spells ü as ue: here
// GeoNames' ASCII name already gives the ue form, and ü → u lets "Munchen" meet too.
const LETTERS: Record<string, string> = { ł: "l", ß: "ss", ø: "o", æ: "ae", œ: "oe", đ: "d", ı: "i", þ: "th", ð: "d" };
const WORDS: Record<string, string> = { saint: "st", sainte: "ste", ft: "fort", mt: "mount" };

export function placeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[łßøæœđıþð]/g, (c) => LETTERS[c])
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[.'’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .map((w) => WORDS[w] ?? w)
    .join(" ");
}
