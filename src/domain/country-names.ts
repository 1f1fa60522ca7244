// i18n-iso-countries with English registered: the service names countries in English only. Its languages are
// loaded by static imports (its Node entry loads them with a dynamic require, which a compiled single executable
// cannot resolve); the snapshot build reads every language (country-names-every-language.ts).
import countries from "i18n-iso-countries/index.js";
import l_en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(l_en);

export default countries;
