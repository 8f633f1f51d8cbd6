/**
 * The echo interface's request body (spec: Echo request). The spec's table has no
 * Rule column; fulfilkit treats all four members as required because the
 * interface is a demonstration whose examples always send all four. And what of a body
 * has no XML form, which the gateway's JSON-to-XML policy cannot convert (below). One
 * module with the schema, which the same entries import: a module of its own was a chunk
 * of its own in dist, and the new order of chunks cost the lintOrder bundle 95 B gzip.
 */
import * as v from 'valibot';
import type { components } from './generated/openapi';

/** Echo request: vehicleType, maxSpeed, avgSpeed, speedUnit (numbers must be finite: JSON has no NaN). */
export const EchoRequestSchema = v.object({
  vehicleType: v.string(),
  maxSpeed: v.pipe(v.number(), v.finite()),
  avgSpeed: v.pipe(v.number(), v.finite()),
  speedUnit: v.string(),
});

/**
 * The echo interface's JSON request body: the type openapi-typescript generates from `openApiDocument()`.
 *
 * @example const body: EchoRequest = { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' };
 */
export type EchoRequest = components['schemas']['EchoRequest'];

// What the echo interface's gateway policy cannot convert to XML (spec, Echo: "The JSON body
// is converted to XML by a policy before it reaches the backend"). `lintEcho` reports these
// and the simulator's echo refuses them (400): one predicate, so a body lint passes is one
// the simulator converts.

/** The deepest JSON body the simulator reads (levels of objects and arrays): deeper is 400. */
export const MAX_BODY_DEPTH = 512;

/**
 * Why a JSON body has no XML form: a member name that is no XML element name, an array
 * directly inside an array, a string with a character XML 1.0 does not allow, or objects and
 * arrays nested deeper than `MAX_BODY_DEPTH` levels (a cycle is infinitely deep).
 */
export type EchoXmlIssue = 'notXmlName' | 'nestedArray' | 'notXmlText' | 'tooDeep';

/** One issue and where it is: the member names and indexes from the body down. */
export interface EchoXmlFinding {
  readonly issue: EchoXmlIssue;
  readonly path: readonly (string | number)[];
}

// An XML 1.0 QName (Namespaces in XML: `prefix:local`, each an NCName), as fast-xml-parser's
// builder checks element names (xml-naming's `qName`, XML 1.0: BMP only, no U+0487).
const XML_NAME =
  /^[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][-.0-9A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u0486\u0488-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*(?::[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][-.0-9A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u0486\u0488-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*)?$/;

// What XML 1.0 allows in text (its `Char`): tab, line ends, and no other C0 control; no U+FFFE or U+FFFF.
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/**
 * Whether a string is text XML 1.0 can hold (no lone surrogate either: it has no UTF-8 form).
 *
 * @param text Any string.
 * @returns True when the string can be written as XML text.
 * @example isXmlText('car\u0001'); // false
 */
export function isXmlText(text: string): boolean {
  return !NOT_XML_CHAR.test(text) && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * Whether a member name can be an element name of the XML the policy writes (`#text`, `?pi`
 * and `a b` cannot).
 *
 * @param name A member name.
 * @returns True when the name is an XML element name.
 * @example isXmlElementName('a b'); // false
 */
export function isXmlElementName(name: string): boolean {
  return XML_NAME.test(name);
}

/** A container being read: its entries, the next one, and where it is. */
interface Frame {
  readonly value: object;
  readonly entries: readonly (readonly [string | number, unknown])[];
  readonly isArray: boolean;
  readonly parent: Frame | undefined;
  readonly key: string | number | undefined;
  readonly depth: number;
  next: number;
}

function frameOf(value: object, parent: Frame | undefined, key: string | number | undefined, entries = entriesOf(value)): Frame {
  return { value, entries, isArray: Array.isArray(value), parent, key, depth: parent === undefined ? 1 : parent.depth + 1, next: 0 };
}

/** A container's entries as JSON.stringify sends them: an array's elements, an object's own enumerable members. */
function entriesOf(value: object): readonly (readonly [string | number, unknown])[] {
  return Array.isArray(value) ? value.map((entry, index) => [index, entry] as const) : Object.entries(value);
}

function pathOf(frame: Frame, key: string | number): (string | number)[] {
  const path = [key];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * The issues of a JSON body, depth first in member order (the first is the one the simulator
 * answers). A member whose name is no XML name is not read further; neither is a container
 * too deep, nor one that holds itself. Reads members as `Object.entries` does: a getter or a
 * Proxy trap may throw.
 *
 * @param body The body (an object or an array).
 * @param entries The body's entries to read, when the caller has read them already (by default, all of them).
 * @returns The issues, lazily.
 * @example [...echoXmlIssues({ 'a b': 1 })]; // [{ issue: 'notXmlName', path: ['a b'] }]
 */
export function* echoXmlIssues(body: object, entries = entriesOf(body)): Generator<EchoXmlFinding, void, undefined> {
  const stack = [frameOf(body, undefined, undefined, entries)];
  const open = new Set<object>([body]);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.entries.length) {
      open.delete(frame.value);
      stack.pop();
      continue;
    }
    const [key, value] = frame.entries[frame.next++]!;
    if (!frame.isArray && !isXmlElementName(key as string)) {
      yield { issue: 'notXmlName', path: pathOf(frame, key) };
    } else if (typeof value === 'string') {
      if (!isXmlText(value)) yield { issue: 'notXmlText', path: pathOf(frame, key) };
    } else if (typeof value === 'object' && value !== null) {
      if (frame.isArray && Array.isArray(value)) yield { issue: 'nestedArray', path: pathOf(frame, key) };
      else if (frame.depth >= MAX_BODY_DEPTH || open.has(value)) yield { issue: 'tooDeep', path: pathOf(frame, key) };
      else {
        open.add(value);
        stack.push(frameOf(value, frame, key));
      }
    }
  }
}
