// Search queries for the pg_trgm conformance test and the benchmarks: deterministic, drawn from the corpus
// and from hand-picked hard cases (typos, partial words, plurals, punctuation, digits, accents, 1 and 200 characters).

/** mulberry32: a small seeded PRNG, so every run sends the same queries. */
export function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HAND_PICKED = [
  "a",
  "x",
  "Z",
  "é",
  "7",
  "RN",
  "CPA",
  "CEO",
  "QA",
  "R&D manager",
  "C++ developer",
  "Sr. Software Eng",
  "sr software engineer II",
  "Jr. accountant",
  "registerd nurse",
  "regsitered nurses",
  "sofware developr",
  "data scientists",
  "nurses",
  "teachers",
  "electricians",
  "Café manager",
  "Señor chef",
  "naïve bayes",
  "Ärztin",
  "résumé writer",
  "Müller",
  "ΣΟΦΙΑ",
  "東京",
  "Zürich driver",
  "São Paulo sales",
  "911 dispatcher",
  "3D animator",
  "level 2 technician",
  "1st line supervisor",
  "24/7 security",
  "401k administrator",
  "K-12 teacher",
  "!!!",
  "---",
  "(RN)",
  "nurse/midwife",
  "truck-driver",
  "project mgr.",
  "V.P. of sales",
  "e-commerce manager",
  "HVAC tech",
  "  leading and trailing  ",
  "MiXeD CaSe TiTlE",
  "emoji 🚀 engineer",
  "tab\tseparated",
  "line\nbreak",
];

function typo(word: string, rnd: () => number): string {
  if (word.length < 2) return word + "x";
  const i = Math.floor(rnd() * word.length);
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1); // deletion
    case 1:
      return word.slice(0, i) + "aeiou"[Math.floor(rnd() * 5)] + word.slice(i); // insertion
    case 2:
      return word.slice(0, i) + "bcdfg"[Math.floor(rnd() * 5)] + word.slice(i + 1); // substitution
    default:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + word[i]; // transposition
  }
}

/** `count` queries: the hand-picked cases, then typos, prefixes, plurals and long inputs made from corpus texts. */
export function conformanceQueries(corpus: readonly string[], count: number, seed = 20261121): string[] {
  const rnd = prng(seed);
  const pick = () => corpus[Math.floor(rnd() * corpus.length)];
  const out = [...HAND_PICKED];
  const makers = [
    () =>
      pick()
        .split(/\s+/)
        .map((w) => (rnd() < 0.5 ? typo(w, rnd) : w))
        .join(" "),
    () => {
      const t = pick();
      return t.slice(0, 1 + Math.floor(rnd() * t.length));
    },
    () => pick().split(/\s+/).slice(0, 2).join(" ") + (rnd() < 0.5 ? "s" : "es"),
    () => pick().toUpperCase(),
    () => pick().replace(/\s+/g, rnd() < 0.5 ? "-" : "."),
    () => {
      let t = "";
      while ([...t].length < 200) t += pick() + " ";
      return [...t].slice(0, 200).join("");
    },
    () => pick().split(/\s+/).pop()!,
  ];
  while (out.length < count) out.push(makers[Math.floor(rnd() * makers.length)]());
  return out;
}
