/**
 * Schemas of the shared objects (Amount, DynamicField, Note, Phone, Email,
 * AddressLine) and small schema helpers used by the order and return schemas.
 */
import * as v from 'valibot';
import {
  currencyCode,
  emailFormat,
  withMeta,
  maxCodePoints,
  numericText,
} from './actions';
import { AMOUNT_VALUE, EMAIL_TYPES, LIMITS, UNSIGNED_DECIMAL } from './tables';

/** A string of at most `max` code points. */
/* @__NO_SIDE_EFFECTS__ */
export function text(max: number) {
  return v.pipe(v.string(), maxCodePoints(max));
}

/** Marks an optional member as one that only responses carry. */
/* @__NO_SIDE_EFFECTS__ */
export function responseOnly<const T extends v.GenericSchema>(schema: T) {
  return v.optional(withMeta(schema, { responseOnly: true }));
}

/** A picklist whose `ambiguous` extra values are warned about rather than rejected. */
/* @__NO_SIDE_EFFECTS__ */
export function picklistWithAmbiguous<const T extends readonly string[]>(
  options: T,
  ambiguous: readonly string[],
) {
  return withMeta(v.picklist(options), { ambiguous });
}

/**
 * Amount schema: currencyISO3, amountType from `types`, value as decimal text.
 * All three members are required (DESIGN decision).
 */
/* @__NO_SIDE_EFFECTS__ */
export function amountSchema<const T extends readonly string[]>(types: T, ambiguous: readonly string[] = []) {
  return v.strictObject({
    currencyISO3: v.pipe(v.string(), maxCodePoints(LIMITS.currencyISO3), currencyCode()),
    amountType: ambiguous.length > 0 ? picklistWithAmbiguous(types, ambiguous) : v.picklist(types),
    value: v.pipe(v.string(), numericText(AMOUNT_VALUE, '-12.50')),
  });
}

/** DynamicField: name (R, max 60), value (max 2000). */
export const DynamicFieldSchema = v.strictObject({
  name: text(LIMITS.dynamicFieldName),
  value: v.optional(text(LIMITS.dynamicFieldValue)),
});

/** Note: noteType (max 20), value (max 4000). */
export const NoteSchema = v.strictObject({
  noteType: v.optional(text(LIMITS.noteType)),
  value: v.optional(text(LIMITS.noteValue)),
});

/** Phone with the allowed phone types of orders or returns. */
/* @__NO_SIDE_EFFECTS__ */
export function phoneSchema<const T extends readonly string[]>(types: T) {
  return v.strictObject({
    phoneType: v.optional(v.picklist(types)),
    value: v.string(),
  });
}

/** Email: emailType (R, `email`), value (max 200, local@domain). */
export const EmailSchema = v.strictObject({
  emailType: v.picklist(EMAIL_TYPES as readonly ['email']),
  value: v.optional(v.pipe(v.string(), maxCodePoints(LIMITS.emailValue), emailFormat())),
});

/** AddressLine: line number (R) and value (max 40; line 1 needs one: rule `address-lines`). */
export const AddressLineSchema = v.strictObject({
  line: v.string(),
  value: v.optional(text(LIMITS.addressLineValue)),
});

/** Quantity: unit of measure and unsigned numeric text, both required. */
export const QuantitySchema = v.strictObject({
  uom: v.string(),
  value: v.pipe(v.string(), numericText(UNSIGNED_DECIMAL, '2')),
});
