/**
 * `fulfilkit openapi [-o file]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/index';
import { cli, tempFiles } from '../cli/_run';

describe('fulfilkit openapi', () => {
  it('prints the document as JSON on stdout', async () => {
    const out = await cli(['openapi']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(openApiDocument());
    expect(out.stdout.endsWith('}\n')).toBe(true);
  });

  it.each([['-o'], ['--output-file']])('writes it to a file with %s', async (flag) => {
    const dir = tempFiles({});
    const out = await cli(['openapi', flag, 'api.json'], { cwd: dir });
    expect(out).toMatchObject({ code: 0, stdout: '' });
    expect(JSON.parse(readFileSync(join(dir, 'api.json'), 'utf8'))).toEqual(openApiDocument());
  });

  it('exits 2 when the file cannot be written, or on a bad flag', async () => {
    const dir = tempFiles({});
    const missing = await cli(['openapi', '-o', 'no/such/dir/api.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot write no\/such\/dir\/api\.json: no such file/);
    expect((await cli(['openapi', '--format', 'yaml'])).code).toBe(2);
    expect((await cli(['openapi', 'extra'])).stderr).toMatch(/"openapi" takes no arguments/);
    expect((await cli(['openapi', '-o'])).stderr).toMatch(/Option -o needs a value/);
    // One value flag given twice is refused (it wrote the last file only); serve and proxy read flags the same way.
    const twice = await cli(['openapi', '-o', 'a.json', '--output-file', 'b.json'], { cwd: dir });
    expect(twice).toMatchObject({ code: 2, stdout: '' });
    expect(twice.stderr).toMatch(/Option --output-file is given more than once; give it once\./);
    expect((await cli(['serve', '--port', '0', '--port', '1'])).stderr).toMatch(/Option --port is given more than once/);
  });

  it('prints its help, and the general help lists serve and openapi', async () => {
    expect((await cli(['openapi', '--help'])).stdout).toContain('Usage: fulfilkit openapi [-o file]');
    const help = await cli(['--help']);
    expect(help.stdout).toMatch(/serve +Run the operator simulator/);
    expect(help.stdout).toMatch(/openapi +Print the OpenAPI 3\.1 document/);
  });
});
