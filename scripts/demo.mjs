/**
 * A short tour of fulfilkit: build an order, lint the example payloads, then lint 10,000
 * generated orders as NDJSON in bulk through the CLI. Run with `npm run demo`: it builds
 * first (quietly: the build's output is shown only if it fails).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// npm runs this script with npm_execpath set: the same npm builds, on any platform.
const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
const built = spawnSync(npm[0], [...npm[1], 'run', 'build'], { cwd: ROOT, encoding: 'utf8', shell: !process.env.npm_execpath && process.platform === 'win32' });
if (built.status !== 0) {
  process.stdout.write(`${built.stdout ?? ''}${built.stderr ?? ''}`);
  console.error('npm run build failed; see above.');
  process.exit(built.status ?? 1);
}
process.stdout.write('Built dist/ (npm run build).\n');

const { addShippingCosts, buildOrder, expandBundle, LIMITS, lintOrder, lintReturn, RULES } = await import('../dist/index.js');
const { main, stylish } = await import('../dist/cli-main.js');

const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const out = (text = '') => process.stdout.write(text + '\n');
const heading = (text) => out(`\n== ${text} ==`);
const example = (file) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));

/** Builds an order from a checkout cart: a bundle split into its items, shipping costs, linted clean. */
function buildSection() {
  heading('Build an order from a cart (a bundle and shipping costs), then lint it');
  const profile = { client: 'ACME', clientCode: 'ACME' };
  // Spec rule 11: send the bundle's items, each reduced by its share of the bundle discount.
  const bundle = expandBundle(
    [
      { sku: 'KETTLE-1', quantity: 1, unitPrice: '39.90' },
      { sku: 'MUG-RED', quantity: 2, unitPrice: '8.50' },
    ],
    '10.00',
    'EUR',
  );
  out(`bundle "breakfast set" (discount 10.00 EUR) becomes: ${bundle.map((l) => `${l.quantity} × ${l.sku} at ${l.unitPrice}`).join(', ')}`);
  const order = addShippingCosts(
    buildOrder({
      version: '1.1',
      profile,
      externalMessageReference: 'WEB-10001',
      currency: 'EUR',
      shipServiceLevel: 'STD',
      billTo: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.com',
        locale: 'de-DE',
        address: 'Hauptstrasse 1, Hinterhaus, 3. Obergeschoss links bei Familie Doe',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
      },
      lines: [...bundle.map((l) => ({ ...l, taxFactor: '1.19' })), { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.07' }],
    }),
    { cost: '4.95', taxFactor: '1.19' },
    { version: '1.1', profile },
  );
  const body = order.clientRequest;
  for (const item of body.item) {
    const price = (type) => item.amount.find((a) => a.amountType === type)?.value;
    out(`  item ${item.itemId}  ${item.sku.padEnd(15)} qty ${item.quantity.value}  net ${price('netprice')}  gross ${price('grossprice')}`);
  }
  const lines = body.partner[0].addressData.address;
  out(`  address: ${lines.reduce((n, l) => n + l.value.length, 0)} characters, split into ${lines.length} lines of at most ${LIMITS.addressLineValue} (${lines.map((l) => l.value.length).join(' + ')})`);
  out(`  totals: ${body.order.amount.map((a) => `${a.amountType} ${a.value}`).join(', ')}`);
  const problems = lintOrder(order, { version: '1.1', profile });
  out(`lintOrder: ${problems.length === 0 ? 'no problems' : JSON.stringify(problems)}`);
}

/** Lints every example file and prints its problems, ESLint style. */
function examplesSection() {
  heading('The example payloads (examples/, see examples/README.md), linted with the FMS client profile examples/profile.json');
  const profile = example('profile.json');
  const files = [
    ['order-v1.json', 'order', '1'],
    ['order-v1.1.json', 'order', '1.1'],
    ['order-v1.2.json', 'order', '1.2'],
    ['order-v1.1-invalid.json', 'order', '1.1'],
    ['return.json', 'return'],
    ['return-invalid.json', 'return'],
  ];
  for (const [file, kind, version] of files) {
    const payload = example(file);
    const problems = kind === 'order' ? lintOrder(payload, { version, profile }) : lintReturn(payload, { profile });
    const summary = { payloads: 1, errors: 0, warnings: 0, byRule: {} };
    for (const p of problems) {
      if (p.severity === 'error') summary.errors++;
      else summary.warnings++;
    }
    const label = `examples/${file} (${kind === 'order' ? `order v${version}` : 'return'})`;
    if (problems.length === 0) {
      out(`\n${label}: no problems`);
      continue;
    }
    out(stylish([{ source: label, file, kind, problems }], { summary, rules: RULES, toolVersion: '' }).trimEnd());
  }
}

/** A small seeded generator, so that every run lints the same orders. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** Minor units (bigint cents) as decimal text: money is never a float here. */
const money = (cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
const FIRST = ['Anna', 'Jonas', 'Lea', 'Mateo', 'Sofia', 'Lukas', 'Emma', 'Noah', 'Mia', 'Elias'];
const LAST = ['Berg', 'Keller', 'Novak', 'Jansen', 'Moreau', 'Rossi', 'Weber', 'Dubois', 'Vogel', 'Meyer'];
const PLACES = [
  { countryISO2: 'DE', city: 'Berlin', postalCode: '10115', street: 'Invalidenstrasse' },
  { countryISO2: 'AT', city: 'Wien', postalCode: '1010', street: 'Graben' },
  { countryISO2: 'NL', city: 'Utrecht', postalCode: '3511 AB', street: 'Oudegracht' },
  { countryISO2: 'FR', city: 'Lyon', postalCode: '69002', street: 'Rue de la République' },
  { countryISO2: 'US', city: 'Austin', postalCode: '78701', street: 'Congress Avenue', state: 'TX' },
];
const PRODUCTS = ['TENT-2P-GRN', 'PACK-45L-BLU', 'BOTTLE-1L', 'HEADLAMP-USB', 'MAT-SELFINF-L', 'STOVE-GAS', 'JACKET-SHELL-M', 'SOCKS-WOOL-42'];
const METHODS = [
  ['Visa', 'authorized'],
  ['MasterCard', 'authorized'],
  ['PayPal', 'paid'],
  ['KlarnaInvoice', 'paid'],
];

/** One valid v1.1 order: 1-5 products plus the shipping-cost item, totals that add up. */
function generateOrder(rng, n) {
  const ref = `WEB-2026-${String(n).padStart(6, '0')}`;
  const place = rng.pick(PLACES);
  const [paymentMethod, status] = rng.pick(METHODS);
  const amount = (amountType, cents) => ({ currencyISO3: 'EUR', amountType, value: money(cents) });
  const items = [];
  let net = 0n;
  let gross = 0n;
  const count = rng.int(1, 5);
  for (let i = 0; i < count; i++) {
    const quantity = BigInt(rng.int(1, 3));
    const unitNet = BigInt(rng.int(299, 24999));
    const unitGross = (unitNet * 119n + 50n) / 100n;
    net += unitNet * quantity;
    gross += unitGross * quantity;
    items.push({
      itemId: String(i + 1),
      clientItemRef: `L${i + 1}`,
      sku: PRODUCTS[(n + i) % PRODUCTS.length],
      quantity: { uom: 'EA', value: String(quantity) },
      amount: [amount('netprice', unitNet), amount('grossprice', unitGross)],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'grosspricing',
    });
  }
  net += 420n;
  gross += 500n;
  items.push({ itemId: String(count + 1), sku: 'NORDIC_SHIPCOSTS', quantity: { uom: 'EA', value: '1' }, amount: [amount('netprice', 420n), amount('grossprice', 500n)], taxFactor: '1.19' });
  const person = { firstName: rng.pick(FIRST), lastName: rng.pick(LAST) };
  const addressData = {
    address: [{ line: '1', value: `${place.street} ${rng.int(1, 120)}` }],
    postalCode: place.postalCode,
    city: place.city,
    ...(place.state ? { state: place.state } : {}),
    countryISO2: place.countryISO2,
  };
  return {
    clientRequest: {
      requestHeader: { externalMessageReference: ref, client: 'NordicOutdoor', requestReference: ref },
      order: {
        shipServiceLevel: rng.pick(['STD', 'STD', 'EXP', 'ECO']),
        poNumber: `PO-${n}`,
        incoTerms1: 'DAP',
        amount: [amount('totalNet', net), amount('totalTax', gross - net), amount('totalGross', gross)],
      },
      payment: { paymentMethod, transactionID: `TX-${n}`, amount: [amount('authorized', gross)], status },
      partner: [
        {
          partnerType: 'BillTo',
          personData: { ...person, email: [{ emailType: 'email', value: `customer${n}@example.com` }], locale: 'de-DE' },
          addressData,
        },
        { partnerType: 'ShipTo', personData: person, addressData },
      ],
      item: items,
    },
  };
}

/** The typical mistakes, one of which ~2% of the generated orders get. */
const MISTAKES = [
  (o) => { o.clientRequest.order.shipServiceLevel = 'EXPRESS'; },
  (o) => { o.clientRequest.item[0].quantity.value = 2; },
  (o) => { o.clientRequest.item[0].amount.shift(); },
  (o) => { o.clientRequest.partner[0].personData.firstName = 'Maximiliane-Alexandra'; },
  (o) => { o.clientRequest.requestHeader.requestReference = 'WEB-2026-000001'; },
  (o) => { o.clientRequest.payment.transactionId = o.clientRequest.payment.transactionID; delete o.clientRequest.payment.transactionID; },
];

/** Generates 10,000 orders as NDJSON, lints them through the CLI and prints the totals. */
async function bulkSection() {
  const total = 10_000;
  heading(`Bulk: ${total.toLocaleString('en')} generated v1.1 orders as NDJSON`);
  const rng = random(20260301);
  const lines = [];
  let broken = 0;
  for (let n = 1; n <= total; n++) {
    const order = generateOrder(rng, n);
    if (rng.next() < 0.02) {
      if (rng.next() < 0.1) {
        broken++;
        lines.push(JSON.stringify(order).slice(0, 120));
        continue;
      }
      rng.pick(MISTAKES)(order);
    }
    lines.push(JSON.stringify(order));
  }
  // Kept in the temporary folder (written anew by each run), so that the command below can be run again.
  const dir = join(tmpdir(), 'fulfilkit-demo');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'orders.ndjson');
  writeFileSync(file, lines.join('\n') + '\n');
  out(`About 2% carry a typical mistake; ${broken} lines are cut short on purpose (they are the parse problems).`);
  out(`fulfilkit lint --format json ${file}`);
  let json = '';
  const sink = { write: (text) => (json += text) };
  const started = performance.now();
  const code = await main(['lint', '--format', 'json', '--api-version', '1.1', file], { stdin: process.stdin, stdout: sink, stderr: process.stderr });
  const seconds = (performance.now() - started) / 1000;
  const { summary, results } = JSON.parse(json);
  out(`payloads: ${summary.payloads}, with problems: ${results.length}, exit code: ${code}`);
  out(`errors: ${summary.errors}, warnings: ${summary.warnings}; problems by rule:`);
  const width = Math.max(...Object.keys(summary.byRule).map((id) => id.length));
  for (const [id, count] of Object.entries(summary.byRule)) out(`  ${id.padEnd(width)}  ${count}`);
  out(`time: ${seconds.toFixed(2)} s, ${Math.round(summary.payloads / seconds).toLocaleString('en')} payloads per second`);
}

/** Where to go from here. */
function nextSteps() {
  const examples = relative(process.cwd(), join(ROOT, 'examples')) || '.';
  heading('Next');
  const steps = [
    [`npx fulfilkit lint ${examples}`, "lint the examples (their config picks each file's version)"],
    [`npx fulfilkit lint ${join(tmpdir(), 'fulfilkit-demo', 'orders.ndjson')}`, 'the bulk file again, every problem located'],
    ['npx fulfilkit rules', 'every rule, with its severity'],
    ['npx fulfilkit serve', 'the operator simulator, its console on http://127.0.0.1:4010/'],
  ];
  for (const [command, what] of steps) out(`${command}\n    ${what}`);
  out('README.md: building payloads, lintOrder in checkout code, the test kit, the CLI.');
}

buildSection();
examplesSection();
await bulkSection();
nextSteps();
