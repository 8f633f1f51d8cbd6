/**
 * The rule registry, sorted by id. A meta-test checks that every file in rules/ is here.
 * `RULES` is what the engine runs; `RULE_DOCS` (rationale and runnable examples) is for docs
 * and tests, and stays out of bundles that only lint.
 */
import type { Rule, RuleDocs } from '../src/lint/define-rule';
import addressLinesRule, { docs as addressLinesDocs } from './address-lines';
import ambiguousValueRule, { docs as ambiguousValueDocs } from './ambiguous-value';
import blankValueRule, { docs as blankValueDocs } from './blank-value';
import cardDataRule, { docs as cardDataDocs } from './card-data';
import clientNameRule, { docs as clientNameDocs } from './client-name';
import companyNameRule, { docs as companyNameDocs } from './company-name';
import countryCodeRule, { docs as countryCodeDocs } from './country-code';
import countryNameRule, { docs as countryNameDocs } from './country-name';
import currencyCodeRule, { docs as currencyCodeDocs } from './currency-code';
import currencyMixedRule, { docs as currencyMixedDocs } from './currency-mixed';
import currencyPrecisionRule, { docs as currencyPrecisionDocs } from './currency-precision';
import dateFormatRule, { docs as dateFormatDocs } from './date-format';
import duplicateRequestReferenceRule, { docs as duplicateRequestReferenceDocs } from './duplicate-request-reference';
import emailFormatRule, { docs as emailFormatDocs } from './email-format';
import encodingRule, { docs as encodingDocs } from './encoding';
import enumRule, { docs as enumDocs } from './enum';
import fiscalCodeRule, { docs as fiscalCodeDocs } from './fiscal-code';
import invoiceLocaleRule, { docs as invoiceLocaleDocs } from './invoice-locale';
import itemIdsRule, { docs as itemIdsDocs } from './item-ids';
import itemsPresentRule, { docs as itemsPresentDocs } from './items-present';
import keyCharsetRule, { docs as keyCharsetDocs } from './key-charset';
import localeFormatRule, { docs as localeFormatDocs } from './locale-format';
import maxLengthRule, { docs as maxLengthDocs } from './max-length';
import negativePriceRule, { docs as negativePriceDocs } from './negative-price';
import netpriceRequiredRule, { docs as netpriceRequiredDocs } from './netprice-required';
import numericTextRule, { docs as numericTextDocs } from './numeric-text';
import orderDiscountItemRule, { docs as orderDiscountItemDocs } from './order-discount-item';
import parseRule, { docs as parseDocs } from './parse';
import partnerRolesRule, { docs as partnerRolesDocs } from './partner-roles';
import paymentReviewRule, { docs as paymentReviewDocs } from './payment-review';
import paymentStatusRule, { docs as paymentStatusDocs } from './payment-status';
import requiredRule, { docs as requiredDocs } from './required';
import responseOnlyRule, { docs as responseOnlyDocs } from './response-only';
import returnReasonRule, { docs as returnReasonDocs } from './return-reason';
import rmaLinePriceRule, { docs as rmaLinePriceDocs } from './rma-line-price';
import shippingCostItemRule, { docs as shippingCostItemDocs } from './shipping-cost-item';
import singlePhoneRule, { docs as singlePhoneDocs } from './single-phone';
import spellingRule, { docs as spellingDocs } from './spelling';
import stateCodeRule, { docs as stateCodeDocs } from './state-code';
import stateRequiredRule, { docs as stateRequiredDocs } from './state-required';
import totalsRule, { docs as totalsDocs } from './totals';
import typeRule, { docs as typeDocs } from './type';
import unknownFieldRule, { docs as unknownFieldDocs } from './unknown-field';
import urlFormatRule, { docs as urlFormatDocs } from './url-format';
import versionFieldRule, { docs as versionFieldDocs } from './version-field';
import weeeItemRule, { docs as weeeItemDocs } from './weee-item';
import wrapperRule, { docs as wrapperDocs } from './wrapper';

/** Every rule, sorted by id. */
export const RULES: readonly Rule[] = [
  addressLinesRule,
  ambiguousValueRule,
  blankValueRule,
  cardDataRule,
  clientNameRule,
  companyNameRule,
  countryCodeRule,
  countryNameRule,
  currencyCodeRule,
  currencyMixedRule,
  currencyPrecisionRule,
  dateFormatRule,
  duplicateRequestReferenceRule,
  emailFormatRule,
  encodingRule,
  enumRule,
  fiscalCodeRule,
  invoiceLocaleRule,
  itemIdsRule,
  itemsPresentRule,
  keyCharsetRule,
  localeFormatRule,
  maxLengthRule,
  negativePriceRule,
  netpriceRequiredRule,
  numericTextRule,
  orderDiscountItemRule,
  parseRule,
  partnerRolesRule,
  paymentReviewRule,
  paymentStatusRule,
  requiredRule,
  responseOnlyRule,
  returnReasonRule,
  rmaLinePriceRule,
  shippingCostItemRule,
  singlePhoneRule,
  spellingRule,
  stateCodeRule,
  stateRequiredRule,
  totalsRule,
  typeRule,
  unknownFieldRule,
  urlFormatRule,
  versionFieldRule,
  weeeItemRule,
  wrapperRule,
];

/** The rules whose `kinds` name orders, sorted by id: what `lintOrder` may run (a meta-test holds it to RULES). */
export const ORDER_RULES: readonly Rule[] = [
  addressLinesRule,
  ambiguousValueRule,
  blankValueRule,
  cardDataRule,
  clientNameRule,
  companyNameRule,
  countryCodeRule,
  currencyCodeRule,
  currencyMixedRule,
  currencyPrecisionRule,
  dateFormatRule,
  duplicateRequestReferenceRule,
  emailFormatRule,
  enumRule,
  fiscalCodeRule,
  invoiceLocaleRule,
  itemIdsRule,
  itemsPresentRule,
  keyCharsetRule,
  localeFormatRule,
  maxLengthRule,
  negativePriceRule,
  netpriceRequiredRule,
  numericTextRule,
  orderDiscountItemRule,
  partnerRolesRule,
  paymentReviewRule,
  paymentStatusRule,
  requiredRule,
  responseOnlyRule,
  shippingCostItemRule,
  spellingRule,
  stateCodeRule,
  stateRequiredRule,
  totalsRule,
  typeRule,
  unknownFieldRule,
  versionFieldRule,
  weeeItemRule,
  wrapperRule,
];

/** The rules whose `kinds` name the return request, sorted by id: what `lintReturn` may run (a meta-test holds it to RULES). */
export const RETURN_RULES: readonly Rule[] = [
  addressLinesRule,
  blankValueRule,
  clientNameRule,
  companyNameRule,
  countryCodeRule,
  countryNameRule,
  currencyCodeRule,
  currencyMixedRule,
  currencyPrecisionRule,
  dateFormatRule,
  duplicateRequestReferenceRule,
  emailFormatRule,
  enumRule,
  itemsPresentRule,
  localeFormatRule,
  maxLengthRule,
  numericTextRule,
  partnerRolesRule,
  requiredRule,
  returnReasonRule,
  rmaLinePriceRule,
  singlePhoneRule,
  stateCodeRule,
  stateRequiredRule,
  typeRule,
  unknownFieldRule,
  urlFormatRule,
];

/** The docs of every rule, by id. */
export const RULE_DOCS: Readonly<Record<string, RuleDocs>> = {
  'address-lines': addressLinesDocs,
  'ambiguous-value': ambiguousValueDocs,
  'blank-value': blankValueDocs,
  'card-data': cardDataDocs,
  'client-name': clientNameDocs,
  'company-name': companyNameDocs,
  'country-code': countryCodeDocs,
  'country-name': countryNameDocs,
  'currency-code': currencyCodeDocs,
  'currency-mixed': currencyMixedDocs,
  'currency-precision': currencyPrecisionDocs,
  'date-format': dateFormatDocs,
  'duplicate-request-reference': duplicateRequestReferenceDocs,
  'email-format': emailFormatDocs,
  'encoding': encodingDocs,
  'enum': enumDocs,
  'fiscal-code': fiscalCodeDocs,
  'invoice-locale': invoiceLocaleDocs,
  'item-ids': itemIdsDocs,
  'items-present': itemsPresentDocs,
  'key-charset': keyCharsetDocs,
  'locale-format': localeFormatDocs,
  'max-length': maxLengthDocs,
  'negative-price': negativePriceDocs,
  'netprice-required': netpriceRequiredDocs,
  'numeric-text': numericTextDocs,
  'order-discount-item': orderDiscountItemDocs,
  'parse': parseDocs,
  'partner-roles': partnerRolesDocs,
  'payment-review': paymentReviewDocs,
  'payment-status': paymentStatusDocs,
  'required': requiredDocs,
  'response-only': responseOnlyDocs,
  'return-reason': returnReasonDocs,
  'rma-line-price': rmaLinePriceDocs,
  'shipping-cost-item': shippingCostItemDocs,
  'single-phone': singlePhoneDocs,
  'spelling': spellingDocs,
  'state-code': stateCodeDocs,
  'state-required': stateRequiredDocs,
  'totals': totalsDocs,
  'type': typeDocs,
  'unknown-field': unknownFieldDocs,
  'url-format': urlFormatDocs,
  'version-field': versionFieldDocs,
  'weee-item': weeeItemDocs,
  'wrapper': wrapperDocs,
};
