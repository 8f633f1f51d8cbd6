/**
 * English country names (with aliases) for the `country-name` rule. Only the English
 * JSON is imported: the package entry would register all 78 locales.
 */
import en from 'i18n-iso-countries/langs/en.json';

let names: Map<string, readonly string[]> | undefined;

// Built on first use so that importing the linter costs nothing until a return is linted.
function table(): Map<string, readonly string[]> {
  if (names) return names;
  names = new Map();
  for (const [alpha2, entry] of Object.entries(en.countries as Record<string, string | readonly string[]>)) {
    const list = typeof entry === 'string' ? [entry] : entry;
    names.set(alpha2, list.map((n) => n.toLowerCase()));
  }
  return names;
}

/**
 * Tells whether `name` is an English name or alias of the country `alpha2`, ignoring
 * letter case and surrounding white space.
 *
 * @param alpha2 An uppercase ISO 3166-1 alpha-2 code.
 * @param name The country name to test.
 * @returns `true` for `('DE', ' germany ')`, `false` for `('DE', 'Deutschland')`.
 * @example namesCountry('US', 'United States'); // true
 */
export function namesCountry(alpha2: string, name: string): boolean {
  const list = table().get(alpha2);
  return list !== undefined && list.includes(name.trim().toLowerCase());
}
