/**
 * Deterministic (seeded) order payloads for the benchmarks: valid v1.1 orders of any size,
 * and orders with one mistake, several, or one in every item.
 */

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const int = (rnd, lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
// Money as integer cents, written as decimal text: no float arithmetic on amounts.
const money = (cents) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const pad2 = (n) => String(n).padStart(2, '0');

const FIRST = ['Jane', 'John', 'Anna', 'Lukas', 'Sophie', 'Mats', 'Eva', 'Jules', 'Noor', 'Emma', 'Finn', 'Lea'];
const LAST = ['Doe', 'Meyer', 'Jansen', 'Dubois', 'Garcia', 'Novak', 'Schmidt', 'Peeters', 'Rossi', 'Smith'];
const PLACES = [
  { country: 'DE', locale: 'de-DE', city: 'Berlin', postalCode: '10115' },
  { country: 'DE', locale: 'de-DE', city: 'Hamburg', postalCode: '20095' },
  { country: 'NL', locale: 'nl-NL', city: 'Utrecht', postalCode: '3511 AB' },
  { country: 'FR', locale: 'fr-FR', city: 'Lyon', postalCode: '69001' },
  { country: 'AT', locale: 'de-AT', city: 'Wien', postalCode: '1010' },
  { country: 'BE', locale: 'nl-BE', city: 'Gent', postalCode: '9000' },
  { country: 'ES', locale: 'es-ES', city: 'Madrid', postalCode: '28001' },
  { country: 'US', locale: 'en-US', city: 'Albany', postalCode: '12207', state: 'NY' },
  { country: 'US', locale: 'en-US', city: 'Austin', postalCode: '73301', state: 'TX' },
  { country: 'CA', locale: 'en-CA', city: 'Toronto', postalCode: 'M5H 2N2', state: 'ON' },
];
const STREETS = ['Hauptstrasse', 'Main Street', 'Rue de la Paix', 'Kerkstraat', 'Calle Mayor', 'Ringweg'];
const CARDS = [
  { method: 'Visa', bin: '411111' },
  { method: 'MasterCard', bin: '555555' },
  { method: 'Amex', bin: '378282' },
  { method: 'Maestro', bin: '675964' },
];

function partner(rnd, partnerType, withCompany) {
  const place = pick(rnd, PLACES);
  const first = pick(rnd, FIRST);
  const last = pick(rnd, LAST);
  const p = { partnerType };
  if (withCompany) p.companyData = { name: `${last} Trading`, customerNumber: `C-${int(rnd, 1000, 9999)}`, taxNumber: `${place.country}${int(rnd, 100000000, 999999999)}` };
  p.personData = {
    firstName: first,
    lastName: last,
    phone: [{ phoneType: 'home', value: `+49 30 ${int(rnd, 1000000, 9999999)}` }],
    email: [{ emailType: 'email', value: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` }],
    locale: place.locale,
  };
  p.addressData = {
    address: [{ line: '1', value: `${pick(rnd, STREETS)} ${int(rnd, 1, 200)}` }, ...(rnd() < 0.4 ? [{ line: '2', value: `${int(rnd, 1, 5)}. OG` }] : [])],
    postalCode: place.postalCode,
    city: place.city,
    ...(place.state ? { state: place.state } : {}),
    countryISO2: place.country,
  };
  return p;
}

/**
 * A valid v1.1 order of `items` items: products and the shipping-cost item last, 2 partners,
 * a card payment, totals that add up.
 */
export function validOrder(i, rnd, items = 5) {
  const currency = 'EUR';
  const amount = (amountType, cents) => ({ currencyISO3: currency, amountType, value: money(cents) });
  const list = [];
  let net = 0;
  let tax = 0;
  for (let n = 1; n <= items; n++) {
    const shipping = n === items;
    const qty = shipping ? 1 : int(rnd, 1, 4);
    const unitNet = shipping ? int(rnd, 0, 1) * 495 + 500 : int(rnd, 199, 49_999);
    const unitGross = Math.round((unitNet * 119) / 100);
    net += unitNet * qty;
    tax += (unitGross - unitNet) * qty;
    list.push({
      itemId: String(n),
      ...(shipping ? {} : { clientItemRef: `L-${i}-${n}` }),
      sku: shipping ? 'ACME_SHIPCOSTS' : `SKU-${int(rnd, 10000, 99999)}`,
      quantity: { uom: 'EA', value: String(qty) },
      amount: [amount('netprice', unitNet), amount('grossprice', unitGross)],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'grosspricing',
      ...(shipping ? {} : { localizedDescription: `Artikel ${n}` }),
    });
  }
  const card = pick(rnd, CARDS);
  const day = `2026-${pad2(int(rnd, 1, 12))}-${pad2(int(rnd, 1, 28))}`;
  return {
    clientRequest: {
      requestHeader: { externalMessageReference: `MSG-${i}`, client: 'ACME', requestReference: `REQ-${i}` },
      order: {
        shipServiceLevel: pick(rnd, ['STD', 'EXP', 'ECO', 'PUD']),
        poNumber: `PO-${i}`,
        incoTerms1: 'DAP',
        dateTimeWantedDeliveryDate: `${day}T${pad2(int(rnd, 8, 18))}:00:00 +01.00`,
        amount: [amount('totalNet', net), amount('totalTax', tax), amount('totalGross', net + tax)],
        note: [{ noteType: 'GIFT', value: 'Please wrap' }],
        dynamicField: [{ name: 'CHANNEL', value: pick(rnd, ['WEB', 'APP', 'CC']) }],
      },
      payment: {
        paymentMethod: card.method,
        entityID: `ENT-${int(rnd, 1, 9)}`,
        transactionID: `TX-${i}`,
        acquireID: `ACQ-${i}`,
        amount: [amount('authorized', net + tax)],
        status: 'authorized',
        cardData: {
          holder: 'Card Holder',
          bin: card.bin,
          last4digits: String(int(rnd, 1000, 9999)),
          dateCardExpiry: `20${int(rnd, 27, 31)}-${pad2(int(rnd, 1, 12))}-28`,
          dateAuthExpiry: `${day}`,
        },
      },
      partner: [partner(rnd, 'BillTo', rnd() < 0.5), partner(rnd, 'ShipTo', false)],
      item: list,
    },
  };
}

/** Mutations that each cause one problem; an invalid order gets 2 or 3 of them. */
const MUTATIONS = [
  ['too-long first name', (o) => (o.clientRequest.partner[0].personData.firstName = 'Maximiliane-Charlotte Sophie')],
  ['ship service level outside the enum', (o) => (o.clientRequest.order.shipServiceLevel = 'NEXTDAY')],
  ['quantity value as a number', (o) => (o.clientRequest.item[1].quantity.value = 2)],
  ['lower-case currency code', (o) => (o.clientRequest.item[0].amount[0].currencyISO3 = 'eur')],
  ['missing city', (o) => delete o.clientRequest.partner[1].addressData.city],
  ['unknown country code', (o) => (o.clientRequest.partner[1].addressData.countryISO2 = 'XX')],
  ['unknown order member', (o) => (o.clientRequest.order.giftWrap = 'yes')],
  ['amount with a decimal comma', (o) => (o.clientRequest.item[2].amount[1].value = '12,50')],
  ['payment method outside the enum', (o) => (o.clientRequest.payment.paymentMethod = 'Bitcoin')],
];

/** An order with 2 or 3 of the mutations (5 items). */
export function invalidOrder(i, rnd) {
  const order = validOrder(i, rnd);
  const count = int(rnd, 2, 3);
  const chosen = new Set();
  while (chosen.size < count) chosen.add(int(rnd, 0, MUTATIONS.length - 1));
  for (const m of chosen) MUTATIONS[m][1](order);
  return order;
}

/** An order with exactly one mistake: one of the mutations above. */
export function oneErrorOrder(i, rnd, items = 5) {
  const order = validOrder(i, rnd, items);
  MUTATIONS[i % MUTATIONS.length][1](order);
  return order;
}

/** Mistakes of one item each: a type, a currency code, a numeral, a length. */
const ITEM_MUTATIONS = [
  (item) => (item.quantity.value = Number(item.quantity.value)),
  (item) => (item.amount[0].currencyISO3 = 'eur'),
  (item) => (item.amount[1].value = item.amount[1].value.replace('.', ',')),
  (item) => (item.sku = `${item.sku}-${'X'.repeat(18)}`),
];

/** An order in which every item has one mistake. */
export function everyItemWrongOrder(i, rnd, items = 5) {
  const order = validOrder(i, rnd, items);
  order.clientRequest.item.forEach((item, n) => ITEM_MUTATIONS[(i + n) % ITEM_MUTATIONS.length](item));
  return order;
}

/**
 * A valid order whose objects leave out some of their optional members, at random: each
 * optional member (not in its object schema's `required`) is dropped with probability 0.35,
 * and the drop is kept only while `isClean(order)` holds. Keys keep their order, but a node
 * sees many shapes (sets of members), as stored payloads of several producers do. A reader
 * that looks members up by name slows down on these (its inline caches see too many
 * shapes); a walk over the keys themselves does not.
 *
 * @param order A valid order (changed in place).
 * @param schema The order's JSON Schema (plain properties/items/required, no $ref).
 * @param rnd The seeded random source.
 * @param isClean Whether an order has no problem.
 * @returns A copy of the order built anew, member by member (`delete` leaves V8 objects in
 *   a slow dictionary mode, which payloads do not have).
 */
export function withManyShapes(order, schema, rnd, isClean) {
  const visit = (value, node) => {
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, node?.items);
      return;
    }
    if (value === null || typeof value !== 'object' || !node?.properties) return;
    const required = new Set(node.required ?? []);
    for (const key of Object.keys(value)) {
      if (!required.has(key) && rnd() < 0.35) {
        const entries = Object.entries(value);
        delete value[key];
        if (!isClean(order)) {
          // Put the member back at its place: refill the object in its old key order.
          for (const [k] of entries) delete value[k];
          Object.assign(value, Object.fromEntries(entries));
        }
      }
      if (key in value) visit(value[key], node.properties[key]);
    }
  };
  visit(order, schema);
  const rebuild = (x) =>
    Array.isArray(x) ? x.map(rebuild) : x !== null && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, rebuild(v)])) : x;
  return rebuild(order);
}
