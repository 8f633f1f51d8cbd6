import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'payment-status';
const status = { rule, path: '/clientRequest/payment/status' };
const pay = (paymentMethod: string, value: string, version: '1' | '1.1' | '1.2' = '1.1') =>
  change(validOrder(version), {
    '/clientRequest/payment/paymentMethod': paymentMethod,
    '/clientRequest/payment/status': value,
    // Only card payments carry cardData.
    ...(paymentMethod === 'PayPal' || paymentMethod === 'CashOnDelivery' || paymentMethod === 'Terms_30'
      ? { '/clientRequest/payment/cardData': undefined }
      : {}),
  });

ruleTester(rule, 'order', {
  valid: [
    { name: 'a status outside the enumeration is left to enum', payload: pay('Visa', 'Authorized'), profile: FMS_PROFILE },
    // A method the version does not have is enum's: `visa` is no reason to say `paid`, nor v1.1 `Meastro` to say `authorized`.
    { name: 'a method outside the enumeration is left to enum (visa authorized)', payload: pay('visa', 'authorized'), profile: FMS_PROFILE },
    { name: 'a method outside the enumeration is left to enum (v1.1 Meastro paid)', payload: pay('Meastro', 'paid'), profile: FMS_PROFILE },
    { name: 'a method outside the enumeration is left to enum (v1 Maestro paid)', payload: pay('Maestro', 'paid', '1'), version: '1', profile: FMS_PROFILE },
    ...ORDER_VERSIONS.map((version) => ({
      name: `Visa authorized, the fixture (v${version})`,
      payload: validOrder(version),
      version,
      profile: FMS_PROFILE,
    })),
    { name: 'a card captured at once (download product)', payload: pay('Visa', 'captured'), profile: FMS_PROFILE },
    { name: 'MasterCard authorized', payload: pay('MasterCard', 'authorized'), profile: FMS_PROFILE },
    { name: 'v1 Meastro authorized', payload: pay('Meastro', 'authorized', '1'), version: '1', profile: FMS_PROFILE },
    { name: 'PayPal paid', payload: pay('PayPal', 'paid'), profile: FMS_PROFILE },
    { name: 'payment terms paid', payload: pay('Terms_30', 'paid', '1.2'), version: '1.2', profile: FMS_PROFILE },
    { name: 'not FMS: PayPal authorized is not checked', payload: pay('PayPal', 'authorized'), profile: PROFILE },
    { name: 'no profile: not checked', payload: pay('PayPal', 'authorized') },
    { name: 'a missing status is left to required', payload: set(validOrder(), '/clientRequest/payment/status', undefined), profile: FMS_PROFILE },
    { name: 'no payment', payload: set(validOrder(), '/clientRequest/payment', undefined), profile: FMS_PROFILE },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `Visa paid (v${version})`,
      payload: pay('Visa', 'paid', version),
      version,
      profile: FMS_PROFILE,
      errors: [status],
    })),
    { name: 'PayPal authorized', payload: pay('PayPal', 'authorized'), profile: FMS_PROFILE, errors: [status] },
    { name: 'cash on delivery captured', payload: pay('CashOnDelivery', 'captured'), profile: FMS_PROFILE, errors: [status] },
    { name: 'Maestro paid', payload: pay('Maestro', 'paid', '1.2'), version: '1.2', profile: FMS_PROFILE, errors: [status] },
  ],
});
