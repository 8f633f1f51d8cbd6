/**
 * The rule registry, sorted by id. A meta-test checks that every file in rules/ is here.
 */
import type { Rule } from '../src/lint/define-rule';
import addressLinesRule from './address-lines';
import ambiguousValueRule from './ambiguous-value';
import cardDataRule from './card-data';
import clientNameRule from './client-name';
import companyNameRule from './company-name';
import countryCodeRule from './country-code';
import countryNameRule from './country-name';
import currencyCodeRule from './currency-code';
import currencyMixedRule from './currency-mixed';
import currencyPrecisionRule from './currency-precision';
import dateFormatRule from './date-format';
import duplicateRequestReferenceRule from './duplicate-request-reference';
import emailFormatRule from './email-format';
import encodingRule from './encoding';
import enumRule from './enum';
import fiscalCodeRule from './fiscal-code';
import invoiceLocaleRule from './invoice-locale';
import itemIdsRule from './item-ids';
import itemsPresentRule from './items-present';
import keyCharsetRule from './key-charset';
import localeFormatRule from './locale-format';
import maxLengthRule from './max-length';
import negativePriceRule from './negative-price';
import netpriceRequiredRule from './netprice-required';
import numericTextRule from './numeric-text';
import orderDiscountItemRule from './order-discount-item';
import parseRule from './parse';
import partnerRolesRule from './partner-roles';
import paymentReviewRule from './payment-review';
import paymentStatusRule from './payment-status';
import requiredRule from './required';
import responseOnlyRule from './response-only';
import returnReasonRule from './return-reason';
import rmaLinePriceRule from './rma-line-price';
import shippingCostItemRule from './shipping-cost-item';
import singlePhoneRule from './single-phone';
import spellingRule from './spelling';
import stateCodeRule from './state-code';
import stateRequiredRule from './state-required';
import totalsRule from './totals';
import typeRule from './type';
import unknownFieldRule from './unknown-field';
import urlFormatRule from './url-format';
import versionFieldRule from './version-field';
import weeeItemRule from './weee-item';
import wrapperRule from './wrapper';

/** Every rule, sorted by id. */
export const RULES: readonly Rule[] = [
  addressLinesRule,
  ambiguousValueRule,
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
