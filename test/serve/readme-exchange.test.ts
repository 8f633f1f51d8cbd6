/**
 * The README's control-API walk-through ("The control API, from any language") is run as
 * written: its order (the ```json block) and its curl commands (the ```sh block) are sent
 * with node:http to a real `fulfilkit serve`, and each answer must match the JSON in the
 * `# =>` comment under its command. No curl or Python needed: the same request list.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, serve, type Running } from './_kit';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const SECTION = README.slice(README.indexOf('### The control API, from any language'), README.indexOf('### `fulfilkit proxy`'));
const block = (lang: string) => new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(SECTION)![1]!;

/** Splits a shell command line into words: single quotes literal, double quotes with `$NAME` expanded. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    const expand = (text: string) => text.replace(/\$(\w+)/g, (_, name: string) => vars[name] ?? '');
    out.push(match[1] ?? expand(match[2] ?? match[3]!));
  }
  return out;
}

/** One curl command of the block: method, URL, headers, body, and the expected answer. */
interface Step {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  expected?: unknown;
}

function steps(base: string, files: Record<string, string>): Step[] {
  const vars: Record<string, string> = {};
  const out: Step[] = [];
  for (const line of block('sh').split('\n')) {
    const assignment = /^(\w+)=(\S+)$/.exec(line);
    if (assignment) vars[assignment[1]!] = assignment[1] === 'URL' ? base : assignment[2]!;
    else if (line.startsWith('# => ')) out.at(-1)!.expected = JSON.parse(line.slice(5));
    else if (line.startsWith('curl ')) {
      const args = words(line, vars).slice(1);
      const step: Step = { method: 'GET', url: '', headers: {} };
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg === '-s') continue;
        else if (arg === '-X') step.method = args[++i]!;
        else if (arg === '-H') {
          const header = args[++i]!;
          step.headers[header.slice(0, header.indexOf(':'))] = header.slice(header.indexOf(':') + 1).trim();
        } else if (arg === '-d' || arg === '--data') {
          const data = args[++i]!;
          step.body = data.startsWith('@') ? files[data.slice(1)]! : data;
          if (step.method === 'GET') step.method = 'POST';
        } else if (arg.startsWith('http')) step.url = arg;
        else throw new Error(`the test does not know the curl option ${arg}`);
      }
      out.push(step);
    } else if (line !== '' && !line.startsWith('#')) throw new Error(`unexpected line in the README block: ${line}`);
  }
  return out;
}

describe('README: the control API from any language', () => {
  let sim: Running;
  beforeAll(async () => {
    sim = await serve(['--log', 'off']);
  });
  afterAll(async () => {
    expect(await sim.stop()).toBe(0);
  });

  it('runs the documented requests and gets the documented answers', async () => {
    const list = steps(sim.url, { 'order.json': block('json') });
    expect(list.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /fulfillmentapi/v1.1/orders',
      'GET /_fulfilkit/received',
      'POST /_fulfilkit/orders/WEB-10001/advance',
      'POST /_fulfilkit/orders/WEB-10001/advance',
      'POST /_fulfilkit/reset',
    ]);
    for (const step of list) {
      // curl --data sends the file as it is: the README's JSON is sent unparsed.
      const answer = await raw(step.url, { method: step.method, headers: step.headers, ...(step.body === undefined ? {} : { body: step.body }) });
      expect(answer.status, `${step.method} ${step.url}`).toBeLessThan(step.expected === undefined ? 300 : 500);
      if (step.expected !== undefined) expect(answer.json, `${step.method} ${step.url}`).toMatchObject(step.expected as object);
    }
    expect((await raw(`${sim.url}/_fulfilkit/orders`)).json).toEqual({ orders: [] });
  });
});
