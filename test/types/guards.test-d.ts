/**
 * Type tests (compiled by `npm run typecheck`): the code guards narrow to the codes they
 * accept, so the false branch keeps what it had (a `string` stays a `string`, not `never`),
 * and `isRequestStatus(value, version)` narrows to that version's states.
 */
import { expectTypeOf } from 'vitest';
import {
  isCountryAlpha2,
  isCountryAlpha3,
  isCurrencyCode,
  isRequestStatus,
  type CountryAlpha2,
  type CountryAlpha3,
  type CurrencyCode,
  type OrderAmount,
  type OrderPartner,
  type OrderRequestHeader,
  type OrderVersion,
  type RequestStatus,
  type ReturnPartner,
} from '../../src/index';

declare const text: string;
declare const anything: unknown;

// The guarded types are the unions of codes the payload types spell.
expectTypeOf<CountryAlpha2>().toEqualTypeOf<OrderPartner<'1.1'>['addressData']['countryISO2']>();
expectTypeOf<CountryAlpha3>().toEqualTypeOf<ReturnPartner['addressData']['countryISO3']>();
expectTypeOf<CurrencyCode>().toEqualTypeOf<OrderAmount<'1.2'>['currencyISO3']>();
expectTypeOf<'DE'>().toExtend<CountryAlpha2>();
expectTypeOf<'DEU'>().toExtend<CountryAlpha3>();
expectTypeOf<'EUR'>().toExtend<CurrencyCode>();
expectTypeOf<string>().not.toExtend<CountryAlpha2>();
expectTypeOf<string>().not.toExtend<CountryAlpha3>();
expectTypeOf<string>().not.toExtend<CurrencyCode>();
// @ts-expect-error: codes are upper case.
export const lower: CountryAlpha2 = 'de';
// @ts-expect-error: XK is user-assigned, not a country here.
export const kosovo: CountryAlpha2 = 'XK';
// @ts-expect-error: HRK is no longer a code of List One.
export const kuna: CurrencyCode = 'HRK';

// A string: the true branch is a code, the false branch is still a string.
if (isCountryAlpha2(text)) expectTypeOf(text).toEqualTypeOf<CountryAlpha2>();
else expectTypeOf(text).toEqualTypeOf<string>();
if (isCountryAlpha3(text)) expectTypeOf(text).toEqualTypeOf<CountryAlpha3>();
else expectTypeOf(text).toEqualTypeOf<string>();
if (isCurrencyCode(text)) expectTypeOf(text).toEqualTypeOf<CurrencyCode>();
else expectTypeOf(text).toEqualTypeOf<string>();
// The audit's fix-up in the false branch compiles.
export const fixed = (country: string): string => (isCountryAlpha2(country) ? country : country.toUpperCase());
if (isCurrencyCode(anything)) expectTypeOf(anything).toEqualTypeOf<CurrencyCode>();

// requestStatus: without a version any state; with one, that version's states.
declare const status: RequestStatus;
declare const version: OrderVersion;
declare const maybeVersion: OrderVersion | undefined;
expectTypeOf<NonNullable<OrderRequestHeader<'1'>['requestStatus']>>().toEqualTypeOf<RequestStatus>();
if (isRequestStatus(anything)) expectTypeOf(anything).toEqualTypeOf<RequestStatus>();
if (isRequestStatus(anything, maybeVersion)) expectTypeOf(anything).toEqualTypeOf<RequestStatus>();
if (isRequestStatus(text, '1.1')) expectTypeOf(text).toEqualTypeOf<Exclude<RequestStatus, 'received'>>();
else expectTypeOf(text).toEqualTypeOf<string>();
if (isRequestStatus(status, '1.1')) expectTypeOf(status).toEqualTypeOf<Exclude<RequestStatus, 'received'>>();
// 'received' is a RequestStatus, but not one of v1.1: the false branch keeps it.
else expectTypeOf(status).toEqualTypeOf<'received'>();
if (!isRequestStatus(status, '1.2')) expectTypeOf(status).toEqualTypeOf<'received'>();
if (isRequestStatus(anything, '1')) expectTypeOf(anything).toEqualTypeOf<RequestStatus>();
if (isRequestStatus(anything, version)) expectTypeOf(anything).toEqualTypeOf<RequestStatus>();
