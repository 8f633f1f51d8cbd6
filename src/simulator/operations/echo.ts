import { echoXmlIssues } from '../../schema/echo';
import { MESSAGES, statusError } from '../answers';
import type { Call } from '../context';

/** Thrown by the XML builder's name hook: a member name is no XML element name. */
class NotXmlName extends Error {}

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
 * POST /echo/resource: the gateway policy's JSON-to-XML conversion (fast-xml-parser's
 * XMLBuilder under a `Document` root, as Azure API Management's json-to-xml policy
 * writes it). The spec does not show the 200 body: the simulator answers the XML the
 * backend received (an echo), as `application/xml`, and records it in `received()`.
 * A body that is not a JSON object, whose member names are no XML names, that has an
 * array directly inside an array, or a string with a character XML 1.0 does not allow
 * (a C0 control but tab and line ends, U+FFFE, U+FFFF, a lone surrogate), is 400: the
 * issues `lintEcho` reports (schema/echo.ts), the first one answered.
 *
 * @param call The call.
 * @returns The answer.
 */
export async function echo(call: Call): Promise<Response> {
  const value = call.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return statusError(400, MESSAGES.notObject);
  let xml: string;
  // What lintEcho reports, refused by the same predicate; the builder's name hook stays a backstop.
  for (const { issue } of echoXmlIssues(value)) return statusError(400, MESSAGES[issue]);
  try {
    xml = (await xmlBuilder()).build({ Document: value });
  } catch (error) {
    if (error instanceof NotXmlName) return statusError(400, MESSAGES.notXmlName);
    throw error;
  }
  call.recordXml(xml);
  return new Response(xml, { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
