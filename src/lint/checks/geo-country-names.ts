/**
 * English country names (with aliases) for the `country-name` rule, from the generated
 * table of src/schema/codes.ts (no locale data, no JSON import).
 */
import { englishCountryNames } from '../../schema/codes';

/**
 * A country name as `namesCountry` compares it: trimmed, lower case, without diacritics.
 *
 * @param name Any text.
 * @returns The folded name.
 * @example foldedCountryName(' Réunion '); // 'reunion'
 */
export function foldedCountryName(name: string): string {
  return name.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Tells whether `name` is an English name or alias of the country `alpha2`, ignoring
 * letter case, diacritics and surrounding white space.
 *
 * @param alpha2 An uppercase ISO 3166-1 alpha-2 code.
 * @param name The country name to test.
 * @returns `true` for `('DE', ' germany ')` and `('RE', 'Réunion')`, `false` for `('DE', 'Deutschland')`.
 * @example namesCountry('US', 'United States'); // true
 */
export function namesCountry(alpha2: string, name: string): boolean {
  const wanted = foldedCountryName(name);
  return englishCountryNames(alpha2)?.some((n) => foldedCountryName(n) === wanted) ?? false;
}
