// The snapshot's tables. The build writes them; the service opens the file read-only and refuses a
// file whose schema_version differs from SCHEMA_VERSION. Bump it with any change below, or to what a packed row
// holds (20: the title ranker's calibration steps carry their centres and counts; 22: the title lexicon's compound
// index and written words; 23: the place spelling index's columns with their ends, its keys and their names).
export const SCHEMA_VERSION = 23;

export const SNAPSHOT_DDL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- Provenance (Datasette-style): one row per dataset, one per input file.
CREATE TABLE sources (
  -- label: the short name answers cite (data_source): "BLS OEWS", with the vintage "May 2025" after it.
  dataset_id TEXT PRIMARY KEY, label TEXT NOT NULL, publisher TEXT NOT NULL, title TEXT NOT NULL, publisher_dataset TEXT NOT NULL,
  url TEXT, licence TEXT NOT NULL, vintage TEXT, period_start TEXT, period_end TEXT, row_count INTEGER NOT NULL
);
-- downloaded_at/downloaded_from: when 'npm run data -- --download' fetched this very file (same sha256), and the
-- address it finally came from (after redirects); null for files put in the mirror by other means.
CREATE TABLE source_files (
  dataset_id TEXT NOT NULL, path TEXT NOT NULL, url TEXT, sha256 TEXT NOT NULL, bytes INTEGER NOT NULL,
  downloaded_at TEXT, downloaded_from TEXT,
  PRIMARY KEY (dataset_id, path)
);

-- BLS OEWS. area_code is the 7-digit BLS area code (0000000 national, SS00000 state, 00CBSA MSA,
-- nonmetro as published). markers is JSON {column: "top_coded"|"suppressed"|...} for null cells.
CREATE TABLE oews_wage (
  year INTEGER NOT NULL, area_code TEXT NOT NULL, area TEXT NOT NULL, area_type INTEGER NOT NULL,
  area_title TEXT NOT NULL, prim_state TEXT, occ_code TEXT NOT NULL, occ_title TEXT NOT NULL, o_group TEXT,
  tot_emp INTEGER, h_mean REAL, a_mean REAL, h_pct10 REAL, h_pct25 REAL, h_median REAL, h_pct75 REAL, h_pct90 REAL,
  a_pct10 REAL, a_pct25 REAL, a_median REAL, a_pct75 REAL, a_pct90 REAL,
  annual_only INTEGER NOT NULL DEFAULT 0, hourly_only INTEGER NOT NULL DEFAULT 0, markers TEXT, source_file TEXT NOT NULL,
  PRIMARY KEY (year, area_code, occ_code)
) WITHOUT ROWID;
CREATE INDEX oews_wage_occ ON oews_wage (occ_code, year);
CREATE TABLE oews_top_code (year INTEGER PRIMARY KEY, annual REAL, hourly REAL);

-- O*NET
CREATE TABLE onet_occupation (soc_code TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT, job_zone INTEGER);
CREATE TABLE onet_title (soc_code TEXT NOT NULL, title TEXT NOT NULL, kind TEXT NOT NULL, source TEXT);
CREATE INDEX onet_title_soc ON onet_title (soc_code);
-- Job titles as U.S. employers wrote them on labour-certification filings, with the SOC 2018 code filed (titles/,
-- the dev split only): labels for the U.S. path, so the matcher learns filers' titles; the test split judges it.
CREATE TABLE coded_title (soc_code TEXT NOT NULL, title TEXT NOT NULL, source TEXT NOT NULL, records INTEGER NOT NULL);
-- The Census 2022 Alphabetical Index of Occupations: titles as people report them, with the 2018 SOC code as Census
-- publishes it (detailed, a broad group such as 51-9010, or an aggregate such as 13-20XX; null when it has none).
-- Ranker training and evaluation only: not labels.
CREATE TABLE census_occupation_title (title TEXT NOT NULL, soc_code TEXT, census_code TEXT, industry_restriction TEXT);
CREATE TABLE onet_job_zone (job_zone INTEGER PRIMARY KEY, name TEXT NOT NULL, experience TEXT, education TEXT, training TEXT, examples TEXT, svp_range TEXT);
CREATE TABLE onet_element (element_id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT);
CREATE TABLE onet_scale (scale_id TEXT PRIMARY KEY, name TEXT NOT NULL, minimum REAL NOT NULL, maximum REAL NOT NULL);
CREATE TABLE onet_rating (
  soc_code TEXT NOT NULL, element_id TEXT NOT NULL, category TEXT NOT NULL, scale_id TEXT NOT NULL, value REAL NOT NULL,
  n INTEGER, standard_error REAL, lower_ci REAL, upper_ci REAL, recommend_suppress TEXT, not_relevant TEXT, date TEXT, domain_source TEXT,
  PRIMARY KEY (soc_code, element_id, scale_id)
) WITHOUT ROWID;
CREATE INDEX onet_rating_element ON onet_rating (element_id, scale_id);
-- O*NET 29.3 Technology Skills: software and tools an occupation uses (Example), by UNSPSC commodity, with the
-- Hot Technology and In Demand flags as published (Y/N → 1/0).
CREATE TABLE onet_technology (soc_code TEXT NOT NULL, example TEXT NOT NULL, commodity_code INTEGER NOT NULL, commodity_title TEXT NOT NULL,
  hot_technology INTEGER NOT NULL CHECK (hot_technology IN (0, 1)), in_demand INTEGER NOT NULL CHECK (in_demand IN (0, 1)),
  PRIMARY KEY (soc_code, commodity_code, example)) WITHOUT ROWID;
CREATE INDEX onet_technology_example ON onet_technology (example);
CREATE TABLE onet_related (soc_code TEXT NOT NULL, related_soc_code TEXT NOT NULL, tier TEXT, rank INTEGER, PRIMARY KEY (soc_code, related_soc_code)) WITHOUT ROWID;

-- Classifications and crosswalks
CREATE TABLE soc_2018 (code TEXT PRIMARY KEY, level TEXT NOT NULL, title TEXT NOT NULL, definition TEXT);
CREATE TABLE isco_08 (code TEXT PRIMARY KEY, level INTEGER NOT NULL, title TEXT NOT NULL, definition TEXT);
-- The ILO's own examples, per unit group: occupations classified there ('included'), and those it names as classified
-- in another unit group, with that group ('excluded': "Radiation protection expert - 2263" under 3211).
CREATE TABLE isco_example (title TEXT NOT NULL, isco_code TEXT NOT NULL, listed TEXT NOT NULL CHECK (listed IN ('included', 'excluded')), PRIMARY KEY (title, isco_code, listed)) WITHOUT ROWID;
CREATE TABLE isco_soc2010 (isco_code TEXT NOT NULL, soc2010_code TEXT NOT NULL, part TEXT, PRIMARY KEY (isco_code, soc2010_code)) WITHOUT ROWID;
CREATE TABLE onet_soc_2010_2019 (soc2010_code TEXT NOT NULL, soc2019_code TEXT NOT NULL, PRIMARY KEY (soc2010_code, soc2019_code)) WITHOUT ROWID;

-- ESCO: occupations (uri = the ESCO concept URI's last segment) with their ISCO-08 unit group, from the newest
-- version in the mirror that holds them; every label outside O*NET (ESCO labels in seven languages, national
-- titles) pointing at an ESCO occupation or straight at an ISCO unit group (concept 'isco:2221'); and the
-- official ESCO–O*NET crosswalk.
CREATE TABLE esco_occupation (uri TEXT PRIMARY KEY, isco_unit TEXT NOT NULL, label_en TEXT, version TEXT NOT NULL) WITHOUT ROWID;
-- source: esco_preferred | esco_alt | esco_hidden | national (country = the national list's country) | isco_group
-- (an ISCO-08 unit group's title in ESCO's ISCOGroups file of the language, concept 'isco:9211')
CREATE TABLE occupation_label (concept TEXT NOT NULL, text TEXT NOT NULL, lang TEXT NOT NULL, source TEXT NOT NULL, country TEXT, national_id TEXT);
-- Our own job-ad headlines (data/headlines), their dev parts coded with an ISCO-08 unit group: labels of that unit
-- group as ads write them (lexicon.ts reads the headline's role); the test parts are never in a snapshot.
CREATE TABLE job_ad_headline (title TEXT NOT NULL, lang TEXT NOT NULL, country TEXT NOT NULL, isco TEXT NOT NULL);
CREATE TABLE esco_onet (onet_code TEXT NOT NULL, esco_uri TEXT NOT NULL, match_type TEXT NOT NULL, PRIMARY KEY (onet_code, esco_uri)) WITHOUT ROWID;

-- Eurostat
CREATE TABLE eu_country (code TEXT PRIMARY KEY, name_en TEXT NOT NULL, name_fr TEXT, name_de TEXT, is_eu INTEGER, is_ea INTEGER, is_efta INTEGER, is_candidate INTEGER, eu_since TEXT, eu_until TEXT, ea_since TEXT);
CREATE TABLE ses_hourly (geo TEXT NOT NULL, sex TEXT NOT NULL, isco08 TEXT NOT NULL, sizeclas TEXT NOT NULL, nace_r2 TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, isco08, sex, sizeclas, nace_r2)) WITHOUT ROWID;
CREATE TABLE ses_employees (geo TEXT NOT NULL, sex TEXT NOT NULL, isco08 TEXT NOT NULL, sizeclas TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, isco08, sex, sizeclas)) WITHOUT ROWID;
CREATE TABLE ses_annual (geo TEXT NOT NULL, indic_se TEXT NOT NULL, isco08 TEXT NOT NULL, unit TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, isco08, indic_se, unit)) WITHOUT ROWID;
CREATE TABLE ses_monthly (geo TEXT NOT NULL, year INTEGER NOT NULL, sex TEXT NOT NULL, isco08 TEXT NOT NULL, value REAL, note TEXT, PRIMARY KEY (geo, year, isco08, sex)) WITHOUT ROWID;
-- breakdown_kind: headline (sdg_05_20), nace (earn_gr_gpgr2), owner (earn_gr_gpgr2ct)
CREATE TABLE gender_pay_gap (geo TEXT NOT NULL, year INTEGER NOT NULL, breakdown_kind TEXT NOT NULL, breakdown TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, breakdown_kind, breakdown, year)) WITHOUT ROWID;
CREATE TABLE minimum_wage (geo TEXT NOT NULL, year INTEGER NOT NULL, semester INTEGER NOT NULL, currency TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, currency, year, semester)) WITHOUT ROWID;
-- Minimum wages as legislated (minimum-wages/statutory_minimum_wages.csv): the legal unit (hour, day, week, month;
-- 'none' = no statutory minimum) and national currency, one source per row. Derived from each row's note by the
-- build (scripts/snapshot/loaders/minimum-wages.ts): applies_to (employees | guaranteed_minimum: Hungary's floor for
-- jobs needing secondary education | civil_law_contracts: Poland's hourly rate), equivalent (1: an official
-- conversion of another unit, not a legal rate of its own), uncertain (1: the row says its amount or date is unconfirmed)
-- and hours_statutory (1: the stated weekly hours are the law's week, 0: none stated or a conversion convention).
CREATE TABLE statutory_minimum_wage (
  country TEXT NOT NULL, effective_from TEXT, unit TEXT NOT NULL CHECK (unit IN ('hour', 'day', 'week', 'month', 'none')), amount REAL, currency TEXT,
  payments_per_year INTEGER, standard_hours_per_week REAL, source_url TEXT NOT NULL, source_title TEXT NOT NULL, note TEXT,
  applies_to TEXT NOT NULL, equivalent INTEGER NOT NULL CHECK (equivalent IN (0, 1)), uncertain INTEGER NOT NULL CHECK (uncertain IN (0, 1)),
  hours_statutory INTEGER NOT NULL CHECK (hours_statutory IN (0, 1))
);
CREATE INDEX statutory_minimum_wage_country ON statutory_minimum_wage (country, effective_from);
CREATE TABLE hicp (geo TEXT NOT NULL, coicop TEXT NOT NULL, period TEXT NOT NULL, value REAL, flag TEXT, PRIMARY KEY (geo, coicop, period)) WITHOUT ROWID;
-- Eurostat labels (the linear CSVs carry names, not codes) mapped to geo codes; documented in docs/data.md.
CREATE TABLE eurostat_geo (label TEXT PRIMARY KEY, code TEXT NOT NULL);

-- BLS CPI and average prices (period = YYYY-MM-01)
CREATE TABLE cpi_series (series_id TEXT PRIMARY KEY, area_code TEXT, item_code TEXT, seasonal TEXT, base_period TEXT, title TEXT);
CREATE TABLE cpi_observation (series_id TEXT NOT NULL, period TEXT NOT NULL, value REAL NOT NULL, footnote TEXT, source_file TEXT NOT NULL, PRIMARY KEY (series_id, period)) WITHOUT ROWID;
CREATE TABLE cpi_area (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE cpi_item (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE ap_series (series_id TEXT PRIMARY KEY, area_code TEXT, item_code TEXT, title TEXT);
CREATE TABLE ap_item (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE ap_area (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE ap_price (series_id TEXT NOT NULL, period TEXT NOT NULL, value REAL NOT NULL, footnote TEXT, source_file TEXT NOT NULL, PRIMARY KEY (series_id, period)) WITHOUT ROWID;

-- BEA regional price parities (MARPP, SARPP, PARPP), long form
CREATE TABLE rpp (geo_fips TEXT NOT NULL, geo_name TEXT NOT NULL, table_name TEXT NOT NULL, line_code INTEGER NOT NULL, description TEXT NOT NULL, unit TEXT, year INTEGER NOT NULL, value REAL, PRIMARY KEY (table_name, geo_fips, line_code, year)) WITHOUT ROWID;
-- Start-up reads the latest year of one table (MARPP, SARPP) without scanning the others.
CREATE INDEX rpp_table_year ON rpp (table_name, year);

-- World Bank
CREATE TABLE wb_country (iso3 TEXT PRIMARY KEY, iso2 TEXT, name TEXT NOT NULL, region TEXT, income_group TEXT);
CREATE TABLE wb_indicator (iso3 TEXT NOT NULL, indicator TEXT NOT NULL, year INTEGER NOT NULL, value REAL NOT NULL, PRIMARY KEY (iso3, indicator, year)) WITHOUT ROWID;
-- data_source: the database's own column ("CPI" = IMF CPI database, "National sources", …); some economies have both.
CREATE TABLE wb_cpi_monthly (iso3 TEXT NOT NULL, series TEXT NOT NULL, data_source TEXT NOT NULL, period TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (iso3, series, data_source, period)) WITHOUT ROWID;

-- Derived at build time from the tables above by the service's own code (scripts/snapshot/derived.ts), so
-- start-up loads them instead of computing them: the occupation title and technology name trigram indexes
-- (title_index.*, technology_index.*), the title
-- lexicon (title_lexicon.*) and the place spelling index (place_spelling.*). Packed, one row per column of values
-- (src/snapshot/packed.ts).
CREATE TABLE derived (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
-- U.S. counties' populations as the sum of their GeoNames places (a proxy: the county's own is not in the data),
-- to rank counties of one name ("Orange County") without scanning place_name.
CREATE TABLE county_population (county_fips TEXT PRIMARY KEY, population INTEGER NOT NULL) WITHOUT ROWID;
-- The code OEWS publishes each SOC 2018 detailed code under, per vintage (src/domain/oews-codes.ts): its own
-- ('own_code'), the OEWS aggregate of its broad group ('oews_aggregate', 25-9042 → 25-9045) or its broad group
-- ('broad_group'). No row: from May 2021, OEWS publishes no figure for the code; before (SOC 2010 and hybrid
-- vintages), only aggregates and broad groups of the latest vintage have rows, and the SOC 2010 crosswalk decides
-- the rest.
CREATE TABLE oews_code_map (year INTEGER NOT NULL, soc_code TEXT NOT NULL, oews_code TEXT NOT NULL,
  basis TEXT NOT NULL CHECK (basis IN ('own_code', 'oews_aggregate', 'broad_group')), PRIMARY KEY (year, soc_code)) WITHOUT ROWID;
CREATE INDEX oews_code_map_code ON oews_code_map (oews_code, year);
-- Each SOC 2018 detailed code's relation to SOC 2010 (src/domain/soc-revision.ts): one_to_one, merged, principal,
-- split or new, with the SOC 2010 codes it came from (comma-separated) and, where checked, the employment ratio.
CREATE TABLE soc_revision (soc_code TEXT PRIMARY KEY, relation TEXT NOT NULL CHECK (relation IN ('one_to_one', 'merged', 'principal', 'split', 'new')),
  soc2010_codes TEXT NOT NULL, employment_ratio REAL) WITHOUT ROWID;
-- The national OEWS code(s) that answer a SOC 2018 code's trend point in a vintage coded before SOC 2018 (to May
-- 2020): 'published' (its own or one-to-one code), 'combined_soc2010' (several rows, combined by employment) or
-- 'oews_hybrid' (a May 2019–2020 hybrid code holding it). No row: no point that year.
CREATE TABLE oews_trend_source (year INTEGER NOT NULL, soc_code TEXT NOT NULL, oews_code TEXT NOT NULL,
  basis TEXT NOT NULL CHECK (basis IN ('published', 'combined_soc2010', 'oews_hybrid')), PRIMARY KEY (year, soc_code, oews_code)) WITHOUT ROWID;
CREATE INDEX oews_trend_source_code ON oews_trend_source (oews_code, year);
-- The OEWS areas of each vintage (distinct rows of oews_wage), so start-up does not scan the wage table.
CREATE TABLE oews_area (year INTEGER NOT NULL, area_code TEXT NOT NULL, area TEXT NOT NULL, area_type INTEGER NOT NULL, area_title TEXT NOT NULL, prim_state TEXT, PRIMARY KEY (year, area_code)) WITHOUT ROWID;
-- Optional figures (oews-figures.ts) a vintage publishes for no area of a type ("a_mean" for May 2025's MSAs), read
-- from oews_wage's rows by the build, so the first request does not scan the wage table.
CREATE TABLE oews_missing_figure (year INTEGER NOT NULL, area_type INTEGER NOT NULL, figure TEXT NOT NULL, PRIMARY KEY (year, area_type, figure)) WITHOUT ROWID;

-- Census CBSA delineation (July 2023)
CREATE TABLE cbsa_county (cbsa_code TEXT NOT NULL, cbsa_title TEXT NOT NULL, area_type TEXT NOT NULL, metro_division_code TEXT, csa_code TEXT, county TEXT NOT NULL, state_name TEXT NOT NULL, state_fips TEXT NOT NULL, county_fips TEXT NOT NULL, central_outlying TEXT, PRIMARY KEY (state_fips, county_fips)) WITHOUT ROWID;
-- GeoNames places of 1,000+ people (cities1000), worldwide, one row per name a place answers to (folded: lower
-- case, no diacritics): its main and ASCII names, and for U.S. and EU/EEA places (and places of 1,000,000+
-- elsewhere) its alternate names. The place's fields are repeated on each row, so a name is one index range, not a
-- join. Population decides between namesakes; a place outside the U.S. and EU/EEA is recognised as outside
-- coverage. county_fips (state + county, 5 digits) for U.S. places.
CREATE TABLE place_name (name_key TEXT NOT NULL, geoname_id INTEGER NOT NULL, name TEXT NOT NULL, country TEXT NOT NULL, admin1 TEXT, county_fips TEXT, population INTEGER NOT NULL, PRIMARY KEY (name_key, geoname_id)) WITHOUT ROWID;
-- GeoNames postal codes: U.S. ZIP code → place, state and county.
CREATE TABLE zip_code (zip TEXT PRIMARY KEY, place TEXT NOT NULL, state TEXT NOT NULL, county_fips TEXT, latitude REAL, longitude REAL) WITHOUT ROWID;
-- Metro nicknames, abbreviations and boroughs (data/place-aliases.csv), each with its source.
CREATE TABLE place_alias (alias_key TEXT PRIMARY KEY, alias TEXT NOT NULL, cbsa_code TEXT NOT NULL, source TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cbsa_principal_city (cbsa_code TEXT NOT NULL, cbsa_title TEXT NOT NULL, area_type TEXT NOT NULL, city TEXT NOT NULL, state_fips TEXT NOT NULL, place_fips TEXT NOT NULL, PRIMARY KEY (cbsa_code, state_fips, place_fips)) WITHOUT ROWID;
`;
