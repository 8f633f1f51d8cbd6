import { set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'partner-roles';
const P = '/clientRequest/partner';

const billTo = () => validOrder().clientRequest.partner[0];
const shipTo = () => validOrder().clientRequest.partner[1];
const withPartners = (partners: unknown, version: '1' | '1.1' | '1.2' = '1.1') => set(validOrder(version), P, partners);
const retPartner = (partnerType: unknown) => ({ ...validReturn().partner[0], partnerType });

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    { name: 'ShipTo before BillTo', payload: withPartners([shipTo(), billTo()]) },
    { name: 'a partner list that is not an array is left to type', payload: withPartners({ 0: billTo() }) },
    { name: 'a missing partner list is left to required', payload: set(validOrder(), P, undefined) },
    {
      name: 'a partner of an unknown role is left to enum',
      payload: withPartners([billTo(), shipTo(), { ...shipTo(), partnerType: 'SoldTo' }]),
    },
  ],
  invalid: [
    { name: 'no ShipTo', payload: withPartners([billTo()]), errors: [{ rule, path: P }] },
    { name: 'no BillTo', payload: withPartners([shipTo()]), errors: [{ rule, path: P }] },
    {
      name: 'an empty partner list lacks both roles',
      payload: withPartners([]),
      errors: [
        { rule, path: P },
        { rule, path: P },
      ],
    },
    {
      name: 'a second BillTo',
      payload: withPartners([billTo(), shipTo(), billTo()]),
      errors: [{ rule, path: `${P}/2/partnerType` }],
    },
    {
      name: 'two ShipTo and no BillTo (v1.2)',
      payload: withPartners([shipTo(), shipTo()], '1.2'),
      version: '1.2',
      errors: [
        { rule, path: `${P}/1/partnerType` },
        { rule, path: P },
      ],
    },
    {
      name: 'a wrongly cased role does not count (v1)',
      payload: withPartners([billTo(), { ...shipTo(), partnerType: 'shipto' }], '1'),
      version: '1',
      errors: [{ rule, path: P }],
    },
    {
      name: 'non-object entries are skipped',
      payload: withPartners([null, billTo(), 'ShipTo']),
      errors: [{ rule, path: P }],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture (BillTo only)', payload: validReturn() },
    { name: 'no partner at all', payload: set(validReturn(), '/partner', undefined) },
    { name: 'an empty partner list', payload: set(validReturn(), '/partner', []) },
    { name: 'ShipTo only', payload: set(validReturn(), '/partner', [retPartner('ShipTo')]) },
    { name: 'BillTo and ShipTo', payload: set(validReturn(), '/partner', [retPartner('BillTo'), retPartner('ShipTo')]) },
  ],
  invalid: [
    {
      name: 'two BillTo',
      payload: set(validReturn(), '/partner', [retPartner('BillTo'), retPartner('BillTo')]),
      errors: [{ rule, path: '/partner/1/partnerType' }],
    },
    {
      name: 'three ShipTo',
      payload: set(validReturn(), '/partner', [retPartner('ShipTo'), retPartner('BillTo'), retPartner('ShipTo'), retPartner('ShipTo')]),
      errors: [
        { rule, path: '/partner/2/partnerType' },
        { rule, path: '/partner/3/partnerType' },
      ],
    },
  ],
});
