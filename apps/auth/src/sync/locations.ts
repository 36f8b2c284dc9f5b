/**
 * `resolvelocation`: a free-text location resolved against a small closed
 * table of countries and large cities, with their common aliases, and never an external call
 * (the service answers the same everywhere, offline and in tests). Normalising: lower case,
 * diacritics removed, punctuation to spaces; a trailing country (`Amsterdam, NL`) narrows a city.
 */

export interface ResolvedLocation {
  readonly name: string;
  readonly countryCode: string | null;
  readonly kind: 'city' | 'country';
}

/** Countries: code, name, aliases. */
const COUNTRIES: readonly (readonly [string, string, ...string[]])[] = [
  ['NL', 'Netherlands', 'the netherlands', 'holland', 'nederland', 'nld'],
  ['BE', 'Belgium', 'belgie', 'belgique', 'bel'],
  ['DE', 'Germany', 'deutschland', 'deu'],
  ['FR', 'France', 'fra'],
  ['GB', 'United Kingdom', 'uk', 'great britain', 'england', 'gbr'],
  ['IE', 'Ireland', 'irl'],
  ['ES', 'Spain', 'espana', 'esp'],
  ['PT', 'Portugal', 'prt'],
  ['IT', 'Italy', 'italia', 'ita'],
  ['CH', 'Switzerland', 'schweiz', 'suisse', 'che'],
  ['AT', 'Austria', 'osterreich', 'aut'],
  ['DK', 'Denmark', 'danmark', 'dnk'],
  ['SE', 'Sweden', 'sverige', 'swe'],
  ['NO', 'Norway', 'norge', 'nor'],
  ['FI', 'Finland', 'suomi', 'fin'],
  ['PL', 'Poland', 'polska', 'pol'],
  ['US', 'United States', 'usa', 'united states of america', 'america'],
  ['CA', 'Canada', 'can'],
  ['BR', 'Brazil', 'brasil', 'bra'],
  ['IN', 'India', 'ind'],
  ['JP', 'Japan', 'jpn'],
  ['AU', 'Australia', 'aus'],
  ['ZA', 'South Africa', 'zaf'],
];

/** Cities: name, country code, aliases. */
const CITIES: readonly (readonly [string, string, ...string[]])[] = [
  ['Amsterdam', 'NL', 'adam'],
  ['Rotterdam', 'NL'],
  ['The Hague', 'NL', 'den haag', 's gravenhage'],
  ['Utrecht', 'NL'],
  ['Eindhoven', 'NL'],
  ['Brussels', 'BE', 'brussel', 'bruxelles'],
  ['Antwerp', 'BE', 'antwerpen', 'anvers'],
  ['Berlin', 'DE'],
  ['Munich', 'DE', 'munchen'],
  ['Hamburg', 'DE'],
  ['Cologne', 'DE', 'koln'],
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['London', 'GB'],
  ['Manchester', 'GB'],
  ['Dublin', 'IE'],
  ['Madrid', 'ES'],
  ['Barcelona', 'ES'],
  ['Lisbon', 'PT', 'lisboa'],
  ['Rome', 'IT', 'roma'],
  ['Milan', 'IT', 'milano'],
  ['Zurich', 'CH'],
  ['Geneva', 'CH', 'geneve', 'genf'],
  ['Vienna', 'AT', 'wien'],
  ['Copenhagen', 'DK', 'kobenhavn'],
  ['Stockholm', 'SE'],
  ['Oslo', 'NO'],
  ['Helsinki', 'FI'],
  ['Warsaw', 'PL', 'warszawa'],
  ['New York', 'US', 'nyc', 'new york city'],
  ['San Francisco', 'US', 'sf'],
  ['Toronto', 'CA'],
  ['Sao Paulo', 'BR'],
  ['Mumbai', 'IN', 'bombay'],
  ['Tokyo', 'JP'],
  ['Sydney', 'AU'],
  ['Cape Town', 'ZA'],
];

/** Lower case, without diacritics, punctuation as single spaces. */
export function normaliseLocation(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9,]+/g, ' ')
    .replace(/\s*,\s*/g, ',')
    .trim();
}

const keysOf = (entry: readonly string[], skip: number) =>
  [entry[0]!, ...entry.slice(skip)].map(normaliseLocation);

const countryByKey = new Map<string, ResolvedLocation>();
for (const [code, name, ...aliases] of COUNTRIES) {
  const location = { name, countryCode: code, kind: 'country' } as const;
  for (const key of [code, ...keysOf([name, ...aliases], 1)])
    countryByKey.set(normaliseLocation(key), location);
}

const citiesByKey = new Map<string, ResolvedLocation[]>();
for (const [name, code, ...aliases] of CITIES) {
  const location = { name, countryCode: code, kind: 'city' } as const;
  for (const key of keysOf([name, ...aliases], 1))
    citiesByKey.set(key, [...(citiesByKey.get(key) ?? []), location]);
}

/** The location a text names, or null: a city (narrowed by a trailing country), else a country. */
export function resolveLocation(text: string): ResolvedLocation | null {
  const parts = normaliseLocation(text)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const [first, ...rest] = parts;
  const country = rest.length > 0 ? countryByKey.get(rest[rest.length - 1]!) : undefined;
  if (rest.length > 0 && !country) return null;
  const cities = (citiesByKey.get(first!) ?? []).filter(
    (c) => !country || c.countryCode === country.countryCode,
  );
  if (cities.length > 0) return cities[0]!;
  return rest.length === 0 ? (countryByKey.get(first!) ?? null) : null;
}
