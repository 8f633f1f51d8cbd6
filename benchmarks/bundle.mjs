/**
 * Browser bundles built from the PUBLISHED dist: the packed tarball installed in a fresh
 * project (scripts/packed.mjs), bundled with esbuild as an app would (platform browser,
 * minified, ESM), sized raw and gzip -9. What dominates is told per source module: each
 * chunk of dist/module/ holds one module and names it in a `// path` comment.
 *
 *   node benchmarks/bundle.mjs     # after npm run build; prints JSON
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { packedConsumer } from '../scripts/packed.mjs';

/** The bundles measured, with their targets in gzip bytes (DESIGN.md, performance targets). */
export const BUNDLES = [
  { name: 'lintOrder', exports: ['lintOrder'], targetGzipBytes: 22 * 1024 },
  // What a page under a strict CSP ships: the README has it call configureEngine({ codegen: false }).
  { name: 'lintOrder, strict CSP', exports: ['lintOrder', 'configureEngine'] },
  { name: 'lintReturn', exports: ['lintReturn'] },
  {
    name: 'describe (no lint)',
    exports: ['describeInventory', 'describeListPaymentMethods', 'describeOrderOptions'],
    targetGzipBytes: 3 * 1024,
  },
  { name: 'describeEcho', exports: ['describeEcho'] },
  {
    name: 'every describe*',
    exports: ['describeCreateOrder', 'describeCreateReturnToken', 'describeEcho', 'describeInventory', 'describeListPaymentMethods', 'describeOrderOptions'],
  },
  { name: 'money', exports: ['addAmounts', 'formatAmount', 'toMinorUnits', 'fromMinorUnits'] },
];

/** esbuild options of every browser bundle measured: an app's production build. */
export const BROWSER_BUILD = { bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, metafile: true, logLevel: 'silent' };

/** `node_modules/fulfilkit/dist/module/chunk-X.js` to the source module it holds. */
function originOf(input, consumer) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(input);
  if (!pkg) return input;
  if (pkg[1] !== 'fulfilkit') return pkg[1];
  const text = readFileSync(join(consumer, input), 'utf8');
  const modules = [...text.matchAll(/^\/\/ ((?:src|rules)\/\S+)$/gm)].map((m) => m[1]);
  return modules.length > 0 ? modules.join(' + ') : `fulfilkit/${pkg[2]}`;
}

/** Folder of a source module (`src/lint/compile.ts` → `src/lint`), a package stays itself. */
const areaOf = (origin) => (/^(src|rules)\//.test(origin) ? origin.split('/').slice(0, origin.startsWith('rules/') ? 1 : 2).join('/') : origin);

/**
 * Bundles each entry of BUNDLES from the installed tarball.
 *
 * @param {{ build?: boolean }} [options] passed to packedConsumer (`build: false` when dist is fresh).
 */
export async function publishedBundles(options = {}) {
  const { consumer, size, files } = packedConsumer(options);
  const esbuild = await import(pathToFileURL(join(consumer, 'node_modules', 'esbuild', 'lib', 'main.js')).href);
  const out = { tarballBytes: size, tarballFiles: files.length, bundles: [] };
  for (const b of BUNDLES) {
    const entry = join(consumer, 'bench-entry.js');
    writeFileSync(entry, `export { ${b.exports.join(', ')} } from 'fulfilkit';\n`);
    const result = await esbuild.build({ entryPoints: [entry], absWorkingDir: consumer, ...BROWSER_BUILD });
    const code = result.outputFiles[0].contents;
    const byModule = {};
    for (const output of Object.values(result.metafile.outputs)) {
      for (const [input, info] of Object.entries(output.inputs)) {
        if (info.bytesInOutput === 0) continue;
        const origin = originOf(input, consumer);
        byModule[origin] = (byModule[origin] ?? 0) + info.bytesInOutput;
      }
    }
    const byArea = {};
    for (const [origin, bytes] of Object.entries(byModule)) byArea[areaOf(origin)] = (byArea[areaOf(origin)] ?? 0) + bytes;
    const sorted = (o) => Object.fromEntries(Object.entries(o).sort((x, y) => y[1] - x[1]));
    const gzipBytes = gzipSync(code, { level: 9 }).length;
    out.bundles.push({
      name: b.name,
      entry: `export { ${b.exports.join(', ')} } from 'fulfilkit'`,
      rawBytes: code.length,
      gzipBytes,
      targetGzipBytes: b.targetGzipBytes,
      met: b.targetGzipBytes === undefined ? undefined : gzipBytes <= b.targetGzipBytes,
      minifiedBytesByArea: sorted(byArea),
      minifiedBytesByModule: sorted(byModule),
    });
  }
  return out;
}

/** Raw and gzip size of the rules' documentation (RULE_DOCS: descriptions, rationale, examples), which lint bundles leave out. */
export function ruleDocsSize(ruleDocs) {
  const text = JSON.stringify(ruleDocs);
  return { rules: Object.keys(ruleDocs).length, rawBytes: Buffer.byteLength(text), gzipBytes: gzipSync(text, { level: 9 }).length };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await publishedBundles({ build: false }), null, 2));
}
