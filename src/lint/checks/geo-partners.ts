/**
 * Partner readers for the address rules (state-required, state-code, address-lines,
 * country-name, company-name, single-phone, partner-roles), orders and returns alike.
 */
import { alpha3ToAlpha2, isCountryAlpha2, isCountryAlpha3 } from '../../spec/codes';
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
