import { MESSAGES, statusError } from '../answers';
import type { Call } from '../context';

/** Thrown by the XML builder's name hook: a member name is no XML element name. */
class NotXmlName extends Error {}

type Builder = { build(value: unknown): string };
let builder: Promise<Builder> | undefined;

// Loaded on first echo: importing fulfilkit must not pay for the XML builder.
function xmlBuilder(): Promise<Builder> {
  builder ??= import('fast-xml-parser').then(
    ({ XMLBuilder }) =>
      new XMLBuilder({
        ignoreAttributes: true,
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
 * A body that is not a JSON object, or whose member names are no XML names, is 400.
 *
 * @param call The call.
 * @returns The answer.
 */
export async function echo(call: Call): Promise<Response> {
  const value = call.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return statusError(400, MESSAGES.notObject);
  let xml: string;
  try {
    xml = (await xmlBuilder()).build({ Document: value });
  } catch (error) {
    if (error instanceof NotXmlName) return statusError(400, MESSAGES.notXmlName);
    throw error;
  }
  call.recordXml(xml);
  return new Response(xml, { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
