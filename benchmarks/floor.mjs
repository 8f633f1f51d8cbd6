/**
 * The floor of the per-payload benchmark: a structural validator of v1.1 orders written by
 * hand, the way one would for this one schema, with no engine at all. It checks what ajv
 * checks on the exported JSON Schema (types, required members, unknown members, enums,
 * lengths, numerals, dates by shape, codes) and counts the errors; it builds no paths and
 * no messages. Nothing is faster that still looks at every member.
 */

const AMOUNT_TYPES = new Set(['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice', 'freightCosts']);
const SHIP_LEVELS = new Set(['STD', 'EXP', 'ECO', 'PUD']);
const PARTNER_TYPES = new Set(['BillTo', 'ShipTo']);
const PHONE_TYPES = new Set(['office', 'home']);
const STATUSES = new Set(['authorized', 'captured', 'paid']);

/** Builds the floor validator; `codes` gives the ISO tables (from the library under test). */
export function floorValidator({ paymentMethods, isCountry, isCurrency }) {
  const METHODS = new Set(paymentMethods);
  const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
  const str = (x, max) => typeof x === 'string' && x.length <= max;
  const digits = (s, i, n) => {
    for (let k = i; k < i + n; k++) {
      const c = s.charCodeAt(k);
      if (c < 48 || c > 57) return false;
    }
    return true;
  };
  const decimal = (s, signed) => {
    if (typeof s !== 'string') return false;
    let i = signed && s.charCodeAt(0) === 45 ? 1 : 0;
    const start = i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
    if (i === s.length) return true;
    if (s.charCodeAt(i) !== 46) return false;
    const f = ++i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    return i === s.length && i > f;
  };
  // YYYY-MM-DDThh:mm:ss ±hh.mm by shape.
  const dateTime = (s) => typeof s === 'string' && s.length === 26 && digits(s, 0, 4) && s[4] === '-' && digits(s, 5, 2) && s[7] === '-' && digits(s, 8, 2) && s[10] === 'T' && digits(s, 11, 2) && digits(s, 14, 2) && digits(s, 17, 2) && s[19] === ' ' && digits(s, 21, 2) && s[23] === '.' && digits(s, 24, 2);
  const date = (s) => typeof s === 'string' && s.length === 10 && digits(s, 0, 4) && s[4] === '-' && digits(s, 5, 2) && s[7] === '-' && digits(s, 8, 2);

  /** Counts unknown members of a strict object. */
  const unknown = (o, allowed) => {
    let n = 0;
    for (const k in o) if (!allowed.has(k)) n++;
    return n;
  };
  const K = (...keys) => new Set(keys);
  const BODY = K('requestHeader', 'order', 'payment', 'partner', 'item');
  const HEADER = K('requestType', 'requestStatus', 'externalMessageReference', 'client', 'requestReference', 'dateTimeSent', 'dateTimeReceived', 'dateTimeConfirmed', 'dateTimeShipped', 'dynamicField');
  const ORDER = K('orderId', 'status', 'shipCourier', 'shipServiceLevel', 'shipServiceOption', 'poNumber', 'incoTerms1', 'incoTerms2', 'timeZone', 'dateTimeWantedDeliveryDate', 'dateTimeConfirmed', 'dateTimeShipped', 'amount', 'note', 'dynamicField');
  const PAYMENT = K('paymentGatewayId', 'paymentMethod', 'entityID', 'transactionID', 'acquireID', 'amount', 'status', 'cardData');
  const CARD = K('holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry');
  const PARTNER = K('partnerType', 'companyData', 'personData', 'addressData');
  const COMPANY = K('name', 'customerNumber', 'phone', 'taxNumber');
  const PERSON = K('firstName', 'lastName', 'phone', 'email', 'locale');
  const ADDRESS = K('address', 'postalCode', 'city', 'state', 'countryISO2');
  const ITEM = K('itemId', 'clientItemRef', 'sku', 'quantity', 'amount', 'dateTimeCreated', 'dateTimeShipped', 'taxLevel', 'taxFactor', 'pricing', 'localizedDescription', 'dynamicField');
  const AMOUNT = K('currencyISO3', 'amountType', 'value');
  const DYN = K('name', 'value');
  const NOTE = K('noteType', 'value');
  const PHONE = K('phoneType', 'value');
  const EMAIL = K('emailType', 'value');
  const LINE = K('line', 'value');
  const QTY = K('uom', 'value');

  const amounts = (list) => {
    if (!Array.isArray(list)) return 1;
    let n = 0;
    for (const a of list) {
      if (!isObj(a)) { n++; continue; }
      n += unknown(a, AMOUNT);
      if (!(typeof a.currencyISO3 === 'string' && isCurrency(a.currencyISO3))) n++;
      if (!AMOUNT_TYPES.has(a.amountType)) n++;
      if (!decimal(a.value, true)) n++;
    }
    return n;
  };
  const each = (list, obj, keys) => {
    if (list === undefined) return 0;
    if (!Array.isArray(list)) return 1;
    let n = 0;
    for (const x of list) n += isObj(x) ? unknown(x, keys) + obj(x) : 1;
    return n;
  };
  const dyn = (d) => (str(d.name, 60) ? 0 : 1) + (d.value === undefined || str(d.value, 2000) ? 0 : 1);
  const phone = (p) => (p.phoneType === undefined || PHONE_TYPES.has(p.phoneType) ? 0 : 1) + (typeof p.value === 'string' ? 0 : 1);

  return function validate(payload) {
    if (!isObj(payload) || !isObj(payload.clientRequest)) return 1;
    const b = payload.clientRequest;
    let n = unknown(b, BODY);
    const h = b.requestHeader;
    if (!isObj(h)) n++;
    else n += unknown(h, HEADER) + (str(h.externalMessageReference, 50) ? 0 : 1) + (str(h.client, 40) ? 0 : 1) + (str(h.requestReference, 50) ? 0 : 1);
    const o = b.order;
    if (!isObj(o)) n++;
    else {
      n += unknown(o, ORDER) + (SHIP_LEVELS.has(o.shipServiceLevel) ? 0 : 1);
      if (o.shipCourier !== undefined && typeof o.shipCourier !== 'string') n++;
      if (o.shipServiceOption !== undefined && typeof o.shipServiceOption !== 'string') n++;
      if (o.poNumber !== undefined && typeof o.poNumber !== 'string') n++;
      if (o.incoTerms1 !== undefined && typeof o.incoTerms1 !== 'string') n++;
      if (o.incoTerms2 !== undefined && typeof o.incoTerms2 !== 'string') n++;
      if (o.dateTimeWantedDeliveryDate !== undefined && !dateTime(o.dateTimeWantedDeliveryDate)) n++;
      if (o.amount !== undefined) n += amounts(o.amount);
      n += each(o.note, (x) => (x.noteType === undefined || str(x.noteType, 20) ? 0 : 1) + (x.value === undefined || str(x.value, 4000) ? 0 : 1), NOTE);
      n += each(o.dynamicField, dyn, DYN);
    }
    const p = b.payment;
    if (p !== undefined) {
      if (!isObj(p)) n++;
      else {
        n += unknown(p, PAYMENT) + (METHODS.has(p.paymentMethod) ? 0 : 1);
        if (p.entityID !== undefined && !str(p.entityID, 50)) n++;
        if (p.transactionID !== undefined && !str(p.transactionID, 50)) n++;
        if (p.acquireID !== undefined && !str(p.acquireID, 40)) n++;
        if (p.amount !== undefined) n += amounts(p.amount);
        if (p.status !== undefined && !STATUSES.has(p.status)) n++;
        const c = p.cardData;
        if (c !== undefined) {
          if (!isObj(c)) n++;
          else {
            n += unknown(c, CARD);
            if (c.holder !== undefined && !str(c.holder, 70)) n++;
            if (c.bin !== undefined && !str(c.bin, 6)) n++;
            if (c.last4digits !== undefined && !str(c.last4digits, 4)) n++;
            if (c.dateCardExpiry !== undefined && !date(c.dateCardExpiry)) n++;
            if (c.dateAuthExpiry !== undefined && !date(c.dateAuthExpiry)) n++;
          }
        }
      }
    }
    if (!Array.isArray(b.partner)) n++;
    else {
      for (const x of b.partner) {
        if (!isObj(x)) { n++; continue; }
        n += unknown(x, PARTNER) + (PARTNER_TYPES.has(x.partnerType) ? 0 : 1);
        const c = x.companyData;
        if (c !== undefined) {
          if (!isObj(c)) n++;
          else n += unknown(c, COMPANY) + (c.name === undefined || str(c.name, 70) ? 0 : 1) + (c.customerNumber === undefined || str(c.customerNumber, 30) ? 0 : 1) + (c.taxNumber === undefined || str(c.taxNumber, 30) ? 0 : 1) + each(c.phone, phone, PHONE);
        }
        const pd = x.personData;
        if (!isObj(pd)) n++;
        else {
          n += unknown(pd, PERSON) + (str(pd.firstName, 20) ? 0 : 1) + (str(pd.lastName, 20) ? 0 : 1) + each(pd.phone, phone, PHONE);
          n += each(pd.email, (e) => (e.emailType === 'email' ? 0 : 1) + (e.value === undefined || str(e.value, 200) ? 0 : 1), EMAIL);
          if (pd.locale !== undefined && !(typeof pd.locale === 'string' && pd.locale.length === 5 && pd.locale[2] === '-' && isCountry(pd.locale.slice(3)))) n++;
        }
        const a = x.addressData;
        if (!isObj(a)) n++;
        else {
          n += unknown(a, ADDRESS) + (str(a.postalCode, 10) ? 0 : 1) + (str(a.city, 40) ? 0 : 1) + (a.state === undefined || str(a.state, 3) ? 0 : 1);
          n += typeof a.countryISO2 === 'string' && isCountry(a.countryISO2) ? 0 : 1;
          n += each(a.address, (l) => (typeof l.line === 'string' ? 0 : 1) + (l.value === undefined || str(l.value, 40) ? 0 : 1), LINE);
        }
      }
    }
    if (!Array.isArray(b.item) || b.item.length === 0) n++;
    else {
      for (const x of b.item) {
        if (!isObj(x)) { n++; continue; }
        n += unknown(x, ITEM) + (typeof x.itemId === 'string' ? 0 : 1) + (str(x.sku, 18) ? 0 : 1);
        const q = x.quantity;
        if (!isObj(q)) n++;
        else n += unknown(q, QTY) + (typeof q.uom === 'string' ? 0 : 1) + (decimal(q.value, false) ? 0 : 1);
        if (x.amount !== undefined) n += amounts(x.amount);
        if (x.clientItemRef !== undefined && typeof x.clientItemRef !== 'string') n++;
        if (x.taxLevel !== undefined && !str(x.taxLevel, 30)) n++;
        if (x.pricing !== undefined && typeof x.pricing !== 'string') n++;
        if (x.localizedDescription !== undefined && !str(x.localizedDescription, 40)) n++;
        if (x.taxFactor !== undefined && !(str(x.taxFactor, 30) && decimal(x.taxFactor, false))) n++;
        n += each(x.dynamicField, dyn, DYN);
      }
    }
    return n;
  };
}
