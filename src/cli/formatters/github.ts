/**
 * GitHub Actions workflow commands: each problem becomes an annotation on the run.
 */
import { escapeControls } from '../escape';
import { omittedCount, plural } from '../result';
import { defineFormatter } from './define-formatter';

/** Escapes the message of a workflow command (`%`, CR, LF). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command (the data escapes plus `:` and `,`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One workflow command per problem, which GitHub Actions shows as an annotation:
 * `::error file=orders.ndjson,line=3,title=fulfilkit enum::/clientRequest/order/shipServiceLevel: message`
 * (`::warning` for warnings; no `file` for stdin, no `line` outside NDJSON), and one
 * `::notice` for a payload with problems past `--max-problems-per-payload`. Text from the
 * payload or a file name has its controls escaped (`escapeControls`: no newline, escape
 * sequence or bidi control reaches the log), then everything is escaped as the runner
 * expects (`%25`, `%0D`, `%0A`, and `%3A`, `%2C` in properties): one line per command.
 * Nothing else is printed: the summary goes to stderr like for every other format.
 *
 * @example
 * process.stdout.write(github(results, options));
 */
export const github = defineFormatter({
  header: () => '',
  result(result) {
    const where: string[] = [];
    if (result.file !== '<stdin>') where.push(`file=${escapeProperty(escapeControls(result.file))}`);
    if (result.line !== undefined) where.push(`line=${result.line}`);
    // The pointer into the file: an element of a top-level array is prefixed by its index.
    const prefix = result.index === undefined ? '' : '/' + result.index;
    let out = '';
    for (const p of result.problems) {
      const props = [...where, `title=${escapeProperty(`fulfilkit ${p.rule}`)}`].join(',');
      const pointer = prefix + p.path;
      out += `::${p.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(escapeControls(`${pointer === '' ? '(root)' : pointer}: ${p.message}`))}\n`;
    }
    const more = omittedCount(result);
    if (more > 0) {
      const props = [...where, 'title=fulfilkit'].join(',');
      out += `::notice ${props}::${escapeData(`${plural(more, 'more problem')} in this payload not listed (--max-problems-per-payload).`)}\n`;
    }
    return out;
  },
  footer: () => '',
});
