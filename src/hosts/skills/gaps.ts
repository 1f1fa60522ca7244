// What an answer says when O*NET publishes nothing of a kind for an occupation: which occupations close to it do
// have it, so a client can choose one on purpose. The list itself stays empty; nothing is borrowed.
import type { Occupation } from "../../snapshot/repositories/occupations.ts";
import type { Services } from "../../services.ts";

const RELATED_SHOWN = 5;

/** e.g. what = "skills, knowledge or work styles ratings"; has = whether an O*NET code has them. */
export function missingDataNote(
  occupation: Occupation,
  what: string,
  has: (socCode: string) => boolean,
  s: Services,
): string {
  const named = (code: string) => `${code} (${s.occupations.get(code)?.title ?? "untitled"})`;
  const sharing = s.occupations
    .sharingSocCode(occupation.socCode)
    .map((o) => o.socCode)
    .filter(has);
  const related = s.occupations.relatedCodes(occupation.socCode).filter(has).slice(0, RELATED_SHOWN);
  const soc = occupation.socCode.slice(0, 7);
  return (
    `O*NET 29.3 publishes no ${what} for ${named(occupation.socCode)}; the list is empty rather than borrowed from another occupation. ` +
    `Occupations under the same SOC code ${soc} that have them: ${sharing.length ? sharing.map(named).join(", ") : "none"}. ` +
    `Related occupations (O*NET Related Occupations, in its order) that have them: ${related.length ? related.map(named).join(", ") : "none"}.`
  );
}
