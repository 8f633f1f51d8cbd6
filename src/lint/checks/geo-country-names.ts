/**
 * English country names (with aliases) for the `country-name` rule, from the generated
 * table of src/schema/codes.ts (no locale data, no JSON import).
 */
import { englishCountryNames } from '../../schema/codes';

/** The article ISO 3166-1 writes after some short names: `Bahamas (the)`, `Netherlands (the)`. */
const ISO_ARTICLE = ' (the)';

/**
 * A country name as `namesCountry` compares it: trimmed, lower case, without diacritics and
 * without ISO 3166-1's trailing ` (the)`.
 *
 * @param name Any text.
 * @returns The folded name.
 * @example foldedCountryName(' Réunion '); // 'reunion'
 * @example foldedCountryName('Bahamas (the)'); // 'bahamas'
 */
export function foldedCountryName(name: string): string {
  const folded = name.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return folded.endsWith(ISO_ARTICLE) ? folded.slice(0, -ISO_ARTICLE.length).trimEnd() : folded;
}

/** More characters than any English country name or alias has, folded (the longest have about 60). */
const LONGEST_NAME = 128;

/**
 * Whether `text` has more than `max` characters outside the combining marks folding takes
 * out (U+0300-U+036F). Lower case and NFD never leave fewer of them, so such a text folds to
 * more than `max` characters.
 */
function lettersExceed(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x300 || code > 0x36f) && ++letters > max) return true;
  }
  return false;
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
  // Folding (lower case, NFD, the marks taken out) costs far more per character than reading,
  // and keeps copies of the text: a text with more letters than any name cannot be one.
  if (lettersExceed(name.trim(), LONGEST_NAME)) return false;
  const wanted = foldedCountryName(name);
  return englishCountryNames(alpha2)?.some((n) => foldedCountryName(n) === wanted) ?? false;
}
