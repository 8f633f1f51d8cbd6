/**
 * Partner readers for the address rules (state-required, state-code, address-lines,
 * country-name, company-name, single-phone, partner-roles), orders and returns alike.
 * The rules walk the partner array themselves (no list of wrappers per call) and build
 * pointers only to report (`partnerPath`).
 */
import { isAlpha2Text, isAlpha3Text } from '../../schema/predicates';
import { alpha3ToAlpha2, isCountryAlpha2, isCountryAlpha3 } from '../../schema/codes';
import { countryISO2Of, countryISO3Of } from './views';
import type { RuleContext } from '../define-rule';
import { asObject, member, objectsOf, ptr } from '../read';

/** One partner object of a payload. */
export interface FoundPartner {
  /** Index in the partner array. */
  readonly index: number;
  /** The partner object (members unchecked). */
  readonly partner: Record<string, unknown>;
  /** JSON Pointer of the partner object. */
  readonly path: string;
}

/**
 * Lists the partner objects of an order or a return, skipping entries that are not objects.
 *
 * @param ctx The rule context.
 * @returns The partners in array order; empty when `partner` is absent or not an array.
 * @example for (const { partner, path } of partnersOf(ctx)) { ... }
 */
export function partnersOf(ctx: RuleContext): FoundPartner[] {
  const out: FoundPartner[] = [];
  for (const { index, value } of objectsOf(member(ctx.body, 'partner'))) {
    out.push({ index, partner: value, path: ptr(ctx.base, 'partner', index) });
  }
  return out;
}

/**
 * The JSON Pointer of a partner, or of a member path inside it (built only to report).
 *
 * @param ctx The rule context.
 * @param index The partner's index.
 * @param tokens Member names and indexes inside the partner.
 * @returns E.g. `/clientRequest/partner/1/addressData/state`.
 * @example partnerPath(ctx, 0, 'addressData', 'state');
 */
export function partnerPath(ctx: RuleContext, index: number, ...tokens: (string | number)[]): string {
  return ptr(ptr(ctx.base, 'partner', index), ...tokens);
}

/**
 * Gives the ISO 3166-1 alpha-2 country of an addressData object: countryISO2 in orders,
 * countryISO3 converted in returns; only exact uppercase codes count.
 *
 * @param ctx The rule context (its kind decides the member).
 * @param addressData The partner's addressData (any value).
 * @returns The alpha-2 code, or `undefined` when the country is missing or not a valid code.
 * @example partnerCountry(ctx, { countryISO3: 'USA' }); // 'US' in a return
 */
export function partnerCountry(ctx: RuleContext, addressData: unknown): string | undefined {
  const address = asObject(addressData);
  if (!address) return undefined;
  if (ctx.kind === 'order') {
    const code = member(address, 'countryISO2');
    return isCountryAlpha2(code) ? code : undefined;
  }
  const code = member(address, 'countryISO3');
  return isCountryAlpha3(code) ? alpha3ToAlpha2(code) : undefined;
}

/**
 * Gives the ISO 3166-1 alpha-2 country of an addressData object (as `partnerCountry`),
 * reading its members directly in a trusted lint call (see views.ts).
 *
 * @param ctx The rule context (its kind decides the member).
 * @param address The addressData object.
 * @param t `isTrusted(ctx)`.
 * @returns The alpha-2 code, or `undefined` when the country is missing or not a valid code.
 * @example addressCountry(ctx, address, t); // 'US'
 */
export function addressCountry(ctx: RuleContext, address: Record<string, unknown>, t: boolean): string | undefined {
  // The code tables of actions.ts answer as isCountryAlpha2/3 do, without hashing the text.
  if (ctx.kind === 'order') {
    const code = countryISO2Of(address, t);
    return typeof code === 'string' && isAlpha2Text(code) ? code : undefined;
  }
  const code = countryISO3Of(address, t);
  return typeof code === 'string' && isAlpha3Text(code) ? alpha3ToAlpha2(code) : undefined;
}
