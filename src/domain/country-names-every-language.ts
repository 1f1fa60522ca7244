// Every language i18n-iso-countries ships, for the snapshot build only: the country names the location resolver reads
// (countryNameKeys, stored as country_name.*; the spelling index's names). The service never loads this module: its
// 78 language files took 20–30 ms to load at start-up (country-names.ts registers English alone).
import countries from "./country-names.ts";
import { placeKey } from "./place/place-key.ts";
import l_af from "i18n-iso-countries/langs/af.json";
import l_am from "i18n-iso-countries/langs/am.json";
import l_ar from "i18n-iso-countries/langs/ar.json";
import l_az from "i18n-iso-countries/langs/az.json";
import l_be from "i18n-iso-countries/langs/be.json";
import l_bg from "i18n-iso-countries/langs/bg.json";
import l_bn from "i18n-iso-countries/langs/bn.json";
import l_br from "i18n-iso-countries/langs/br.json";
import l_bs from "i18n-iso-countries/langs/bs.json";
import l_ca from "i18n-iso-countries/langs/ca.json";
import l_cs from "i18n-iso-countries/langs/cs.json";
import l_cy from "i18n-iso-countries/langs/cy.json";
import l_da from "i18n-iso-countries/langs/da.json";
import l_de from "i18n-iso-countries/langs/de.json";
import l_dv from "i18n-iso-countries/langs/dv.json";
import l_el from "i18n-iso-countries/langs/el.json";
import l_en from "i18n-iso-countries/langs/en.json";
import l_es from "i18n-iso-countries/langs/es.json";
import l_et from "i18n-iso-countries/langs/et.json";
import l_eu from "i18n-iso-countries/langs/eu.json";
import l_fa from "i18n-iso-countries/langs/fa.json";
import l_fi from "i18n-iso-countries/langs/fi.json";
import l_fr from "i18n-iso-countries/langs/fr.json";
import l_ga from "i18n-iso-countries/langs/ga.json";
import l_gl from "i18n-iso-countries/langs/gl.json";
import l_ha from "i18n-iso-countries/langs/ha.json";
import l_he from "i18n-iso-countries/langs/he.json";
import l_hi from "i18n-iso-countries/langs/hi.json";
import l_hr from "i18n-iso-countries/langs/hr.json";
import l_hu from "i18n-iso-countries/langs/hu.json";
import l_hy from "i18n-iso-countries/langs/hy.json";
import l_id from "i18n-iso-countries/langs/id.json";
import l_is from "i18n-iso-countries/langs/is.json";
import l_it from "i18n-iso-countries/langs/it.json";
import l_ja from "i18n-iso-countries/langs/ja.json";
import l_ka from "i18n-iso-countries/langs/ka.json";
import l_kk from "i18n-iso-countries/langs/kk.json";
import l_km from "i18n-iso-countries/langs/km.json";
import l_ko from "i18n-iso-countries/langs/ko.json";
import l_ku from "i18n-iso-countries/langs/ku.json";
import l_ky from "i18n-iso-countries/langs/ky.json";
import l_lt from "i18n-iso-countries/langs/lt.json";
import l_lv from "i18n-iso-countries/langs/lv.json";
import l_mk from "i18n-iso-countries/langs/mk.json";
import l_ml from "i18n-iso-countries/langs/ml.json";
import l_mn from "i18n-iso-countries/langs/mn.json";
import l_mr from "i18n-iso-countries/langs/mr.json";
import l_ms from "i18n-iso-countries/langs/ms.json";
import l_mt from "i18n-iso-countries/langs/mt.json";
import l_nb from "i18n-iso-countries/langs/nb.json";
import l_nl from "i18n-iso-countries/langs/nl.json";
import l_nn from "i18n-iso-countries/langs/nn.json";
import l_no from "i18n-iso-countries/langs/no.json";
import l_pl from "i18n-iso-countries/langs/pl.json";
import l_ps from "i18n-iso-countries/langs/ps.json";
import l_pt from "i18n-iso-countries/langs/pt.json";
import l_ro from "i18n-iso-countries/langs/ro.json";
import l_ru from "i18n-iso-countries/langs/ru.json";
import l_sd from "i18n-iso-countries/langs/sd.json";
import l_sk from "i18n-iso-countries/langs/sk.json";
import l_sl from "i18n-iso-countries/langs/sl.json";
import l_so from "i18n-iso-countries/langs/so.json";
import l_sq from "i18n-iso-countries/langs/sq.json";
import l_sr from "i18n-iso-countries/langs/sr.json";
import l_sv from "i18n-iso-countries/langs/sv.json";
import l_sw from "i18n-iso-countries/langs/sw.json";
import l_ta from "i18n-iso-countries/langs/ta.json";
import l_tg from "i18n-iso-countries/langs/tg.json";
import l_th from "i18n-iso-countries/langs/th.json";
import l_tk from "i18n-iso-countries/langs/tk.json";
import l_tr from "i18n-iso-countries/langs/tr.json";
import l_tt from "i18n-iso-countries/langs/tt.json";
import l_ug from "i18n-iso-countries/langs/ug.json";
import l_uk from "i18n-iso-countries/langs/uk.json";
import l_ur from "i18n-iso-countries/langs/ur.json";
import l_uz from "i18n-iso-countries/langs/uz.json";
import l_vi from "i18n-iso-countries/langs/vi.json";
import l_zh from "i18n-iso-countries/langs/zh.json";

/** Every language the package ships, in its order (the first language naming a country wins a shared name). */
export const COUNTRY_LOCALES = [
  l_af,
  l_am,
  l_ar,
  l_az,
  l_be,
  l_bg,
  l_bn,
  l_br,
  l_bs,
  l_ca,
  l_cs,
  l_cy,
  l_da,
  l_de,
  l_dv,
  l_el,
  l_en,
  l_es,
  l_et,
  l_eu,
  l_fa,
  l_fi,
  l_fr,
  l_ga,
  l_gl,
  l_ha,
  l_he,
  l_hi,
  l_hr,
  l_hu,
  l_hy,
  l_id,
  l_is,
  l_it,
  l_ja,
  l_ka,
  l_kk,
  l_km,
  l_ko,
  l_ku,
  l_ky,
  l_lt,
  l_lv,
  l_mk,
  l_ml,
  l_mn,
  l_mr,
  l_ms,
  l_mt,
  l_nb,
  l_nl,
  l_nn,
  l_no,
  l_pl,
  l_ps,
  l_pt,
  l_ro,
  l_ru,
  l_sd,
  l_sk,
  l_sl,
  l_so,
  l_sq,
  l_sr,
  l_sv,
  l_sw,
  l_ta,
  l_tg,
  l_th,
  l_tk,
  l_tr,
  l_tt,
  l_ug,
  l_uk,
  l_ur,
  l_uz,
  l_vi,
  l_zh,
];

let registered = false;
/** The package with every language registered. */
function everyLanguage(): typeof countries {
  if (!registered) for (const locale of COUNTRY_LOCALES) countries.registerLocale(locale);
  registered = true;
  return countries;
}

/** A language's official country names by ISO alpha-2 (the spelling index's names). */
export const officialCountryNames = (lang: string): Record<string, string> =>
  everyLanguage().getNames(lang, { select: "official" });

/**
 * Every country name in every language, folded (placeKey) → ISO alpha-2, the first language in the package's order
 * naming a country winning a name two share; sorted by key. The snapshot build stores it (LocationData.countryNamed
 * reads it): built by the service on a request, it took 80 ms.
 */
export function countryNameKeys(): { key: string; iso2: string }[] {
  everyLanguage();
  const codes = new Map<string, string>();
  for (const { locale } of COUNTRY_LOCALES)
    for (const [iso2, names] of Object.entries(countries.getNames(locale, { select: "all" })))
      for (const n of names) {
        const key = placeKey(n);
        if (key && !codes.has(key)) codes.set(key, iso2);
      }
  return [...codes.keys()].sort().map((key) => ({ key, iso2: codes.get(key)! }));
}
