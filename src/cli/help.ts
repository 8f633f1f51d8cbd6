/**
 * Help texts.
 */
import { DEFAULT_API_VERSION } from './args';

/** General help. */
export const HELP = `Usage: fulfilkit <command> [options]

Commands:
  lint [files...]   Lint order and return payloads (JSON, NDJSON, or stdin)
  rules             List the rules
  serve             Run the operator simulator (fulfilkit serve --help)
  openapi           Print the OpenAPI 3.1 document (fulfilkit openapi --help)
  help [command]    Show help

Options:
  -h, --help        Show help
  -v, --version     Show the version
`;

/** Help of `fulfilkit lint`. */
export const LINT_HELP = `Usage: fulfilkit lint [options] [files...]

Reads JSON files (a payload, or a top-level array of payloads) and NDJSON files
(.ndjson, .jsonl: one payload a line, blank lines skipped). Without files, or with
"-", reads stdin (NDJSON or one JSON document, detected). Other extensions are
detected like stdin.

Options:
  --kind order|return         Lint every payload as this kind (default: by shape:
                              clientRequest -> order, rma -> return, else order)
  --api-version 1|1.1|1.2     Order version (default ${DEFAULT_API_VERSION})
  --profile file.json         Client profile (client, clientCode, fms, ...)
  -f, --format stylish|json|sarif
                              Output format (default stylish)
  --rule id=off|warn|error    Override a rule's severity (repeatable)
  --max-warnings N            Exit 1 when there are more than N warnings
  --color, --no-color         Force colours on or off (default: on for a terminal)

Exit codes: 0 no errors; 1 errors found (or too many warnings); 2 usage or I/O failure.
--format json prints one document:
  { "results": [{ "source": "file.ndjson:3", "kind": "order", "problems": [...] }],
    "summary": { "payloads", "errors", "warnings", "byRule": { "<rule>": count } } }
"results" lists the payloads with problems; "summary.payloads" counts all of them.
`;

/** Help of `fulfilkit rules`. */
export const RULES_HELP = `Usage: fulfilkit rules [--format stylish|json]

Lists every rule: id, default severity, payload kinds, FMS-only marker, description.
`;
