import { MESSAGES, statusError } from '../answers';
import type { Call } from '../context';

/** Thrown by the XML builder's name hook (or `convertible`): a member name is no XML element name. */
class NotXmlName extends Error {}

/** Thrown by `convertible`: an array holds an array (XML repeats elements; a list of lists has no form). */
class NestedArray extends Error {}

/** Thrown by `convertible`: a string holds a character XML 1.0 has no place for. */
class NotXmlText extends Error {}

// What XML 1.0 allows in text (its `Char`): tab, line ends, and no other C0 control; no U+FFFE or U+FFFF.
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Whether a string is text XML 1.0 can hold (no lone surrogate either: it has no UTF-8 form). */
const isXmlText = (text: string): boolean => !NOT_XML_CHAR.test(text) && (text as string & { isWellFormed(): boolean }).isWellFormed();

// The body parser refuses deeper JSON (512 levels); the builder's own bound (100) is lower.
const MAX_XML_DEPTH = 1024;

type Builder = { build(value: unknown): string };
let builder: Promise<Builder> | undefined;

// Loaded on first echo: importing fulfilkit must not pay for the XML builder.
function xmlBuilder(): Promise<Builder> {
  builder ??= import('fast-xml-parser').then(
    ({ XMLBuilder }) =>
      new XMLBuilder({
        ignoreAttributes: true,
        maxNestedTags: MAX_XML_DEPTH,
        // Called only for invalid names: the policy cannot convert such a body.
        // (fast-xml-builder >= 1.2, which fast-xml-parser 5.12 requires; its typings lag.)
        sanitizeName: () => {
          throw new NotXmlName();
        },
      } as ConstructorParameters<typeof XMLBuilder>[0]) as Builder,
  );
  return builder;
}

/**
 * Checks what the builder would not: it writes a member named `#text` as text and one named
 * `?name` as a processing instruction (its value dropped) without asking its name hook, and
 * it reads an array inside an array as an object whose member names are indexes.
 *
 * @param value A JSON value (nested at most 512 levels: the body parser's limit).
 * @throws {NotXmlName} For a member name the builder would not check.
 * @throws {NestedArray} For an array directly inside an array.
 * @throws {NotXmlText} For a string with a character XML 1.0 does not allow (written raw, the 200 body would not be XML).
 */
function convertible(value: unknown): void {
  if (typeof value === 'string') {
    if (!isXmlText(value)) throw new NotXmlText();
  } else if (Array.isArray(value)) {
    for (const entry of value) {
      if (Array.isArray(entry)) throw new NestedArray();
      convertible(entry);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '#text' || key.startsWith('?')) throw new NotXmlName();
      convertible(entry);
    }
  }
}

/**
 * POST /echo/resource: the gateway policy's JSON-to-XML conversion (fast-xml-parser's
 * XMLBuilder under a `Document` root, as Azure API Management's json-to-xml policy
 * writes it). The spec does not show the 200 body: the simulator answers the XML the
 * backend received (an echo), as `application/xml`, and records it in `received()`.
 * A body that is not a JSON object, whose member names are no XML names, that has an
 * array directly inside an array, or a string with a character XML 1.0 does not allow
 * (a C0 control but tab and line ends, U+FFFE, U+FFFF, a lone surrogate), is 400.
 *
 * @param call The call.
 * @returns The answer.
 */
export async function echo(call: Call): Promise<Response> {
  const value = call.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return statusError(400, MESSAGES.notObject);
  let xml: string;
  try {
    convertible(value);
    xml = (await xmlBuilder()).build({ Document: value });
  } catch (error) {
    if (error instanceof NotXmlName) return statusError(400, MESSAGES.notXmlName);
    if (error instanceof NestedArray) return statusError(400, MESSAGES.nestedArray);
    if (error instanceof NotXmlText) return statusError(400, MESSAGES.notXmlText);
    throw error;
  }
  call.recordXml(xml);
  return new Response(xml, { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
