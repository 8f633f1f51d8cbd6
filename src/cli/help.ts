/**
 * Help texts.
 */
import { DEFAULT_API_VERSION } from './args';

/** General help. */
export const HELP = `Usage: fulfilkit <command> [options]

Commands:
  lint [files...]   Lint order and return payloads (JSON, NDJSON, or stdin)
  merge REPORT...   Merge json reports of lint runs into one (fulfilkit merge --help)
  rules             List the rules
  serve             Run the operator simulator (fulfilkit serve --help)
  proxy             Lint and decode real traffic to the operator (fulfilkit proxy --help)
  openapi           Print the OpenAPI 3.1 document (fulfilkit openapi --help)
  help [command]    Show help

Options:
  -h, --help        Show help
  -v, --version     Show the version
`;

/** Help of `fulfilkit lint`. */
export const LINT_HELP = `Usage: fulfilkit lint [options] [files...]

Reads JSON files (a payload, or a top-level array of payloads) and NDJSON files
(.ndjson, .jsonl: one payload a line, blank lines skipped; also .ndjson.gz and
.jsonl.gz). Without files, or with "-", reads stdin (NDJSON or one JSON document,
detected). Other extensions are detected like stdin. A folder is read recursively
(its .json, .ndjson, .jsonl files and their .gz, sorted); a quoted glob
('corpus/**/*.ndjson') is expanded by fulfilkit. Results are written as they are
found, in input order.

fulfilkit.config.json, the nearest from each file's folder upward, sets version, kind,
profile and rules, "ignores" files and "overrides" them by glob; options given
here win over it.

Options:
  --kind order|return         Lint every payload as this kind (default: by shape:
                              clientRequest -> order, rma -> return, else order)
  --api-version 1|1.1|1.2     Order version (default ${DEFAULT_API_VERSION})
  --profile file.json         Client profile (client, clientCode, fms, ...)
  -f, --format stylish|json|sarif|github|junit
                              Output format (default stylish); repeatable: each
                              format writes its own document, one at most to stdout
  --output.<format> FILE      Where that format's document goes (e.g. --output.sarif
                              lint.sarif); never one of the inputs
  -o, --output-file FILE      Write the report to FILE instead of stdout (one format;
                              never one of the inputs)
  --config FILE               Use this config file instead of looking for one
  --no-config                 Use no config file
  --stdin-filename NAME       The name stdin's results show (and the config matches)
  --rule id=off|warn|error    Override a rule's severity (repeatable; the last wins)
  --quiet                     Report errors only
  --max-warnings N            Exit 1 when there are more than N warnings
  --fix                       Apply the fixes of fixable problems (spelling): rewrite
                              the files in place; with stdin, write the fixed payloads
                              to stdout (the report goes to stderr, or to -o)
  --concurrency N             Threads that lint, at most 4 per available core
                              (default: the available cores; 1 lints in-process;
                              small inputs always in-process)
  --shard i/n                 Lint only shard i of n (by requestReference), to split
                              a corpus over n machines; duplicates stay exact
  --max-line-bytes N          A line (or JSON file) longer than N bytes is a parse
                              problem and is not read (default 64M; K, M, G allowed)
  --max-problems-per-payload N
                              List the first N problems of a payload and how many
                              more there were; the summary counts all (default
                              1000; 0 lists all)
  --no-progress               No progress line (shown on stderr when it is a terminal)
  --color, --no-color         Force colours on or off (default: on for a terminal)
  -h, --help                  Show this help

Exit codes: 0 no errors; 1 errors found (or too many warnings); 2 usage or I/O
failure (also a failed write of the output, a bad config, a glob that matches
nothing, a one-value option given twice); 130 interrupted (Ctrl-C: what was
linted is reported, every document closed); 143 terminated (SIGTERM: as Ctrl-C);
141 the reader of the output went away (| head).
--format json prints one document:
  { "results": [{ "source": "file.ndjson:3", "kind": "order", "problems": [...] }],
    "summary": { "payloads", "errors", "warnings", "byRule": { "<rule>": count } } }
"results" lists the payloads with problems; "summary.payloads" counts all of them.
The summary line goes to stderr, once, unless a stylish report on stdout ends
with it.
`;

/** Help of `fulfilkit rules`. */
export const RULES_HELP = `Usage: fulfilkit rules [--format stylish|json]

Lists every rule: id, default severity, payload kinds, FMS-only marker, the profile
members it needs (without them it does not run), description.
`;
