/**
 * One profile check (issue 21, item 14): `createSimulator` refuses every client profile
 * that `fulfilkit lint --profile` refuses, with the same message (the member named, never
 * its value), instead of silently switching rules off.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors';
import { validateProfile } from '../../src/cli/profile';
import { createSimulator } from '../../src/simulator/index';
import { CLIENT } from './_kit';

const BASE = { client: CLIENT.name, clientCode: 'ACME' };
/** A value no message may repeat. */
const MARK = 'SECRET-VALUE';

const BAD: readonly { name: string; profile: unknown; member: RegExp }[] = [
  { name: 'returnReasons as text', profile: { ...BASE, returnReasons: `damaged ${MARK}` }, member: /\.returnReasons must be an array of non-empty strings/ },
  { name: 'an empty return reason', profile: { ...BASE, returnReasons: ['damaged', ''] }, member: /\.returnReasons must be an array/ },
  { name: 'fms as text', profile: { ...BASE, fms: `yes ${MARK}` }, member: /\.fms must be true or false/ },
  { name: 'processesCardData as a number', profile: { ...BASE, processesCardData: 1 }, member: /\.processesCardData must be true or false/ },
  { name: 'an empty clientCode', profile: { ...BASE, clientCode: '' }, member: /\.clientCode must be a non-empty string/ },
  { name: 'no clientCode', profile: { client: CLIENT.name }, member: /needs a clientCode/ },
  { name: 'a SKU that is not text', profile: { ...BASE, weeeSku: 42 }, member: /\.weeeSku must be a non-empty string/ },
  { name: 'an unknown member', profile: { ...BASE, fmsOnly: MARK }, member: /has an unknown member "fmsOnly"/ },
  { name: 'an array', profile: [MARK], member: /must be a JSON object/ },
  { name: 'null', profile: null, member: /must be a JSON object/ },
];

/** What `run` throws (it must throw). */
function messageOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  return expect.unreachable('expected a throw');
}

describe('the CLI and the simulator refuse the same profiles', () => {
  it.each(BAD)('$name', ({ profile, member }) => {
    const cli = messageOf(() => validateProfile(profile));
    const simulator = messageOf(() => createSimulator({ clients: [{ ...CLIENT, profile: profile as never }] }));
    expect(cli).toBeInstanceOf(UsageError);
    expect(simulator instanceof TypeError || simulator instanceof RangeError).toBe(true);
    expect(cli.message).toMatch(member);
    // The same check: the messages differ only in how they name the profile.
    expect(simulator.message).toBe(cli.message.replace(/^profile/, 'clients[0].profile'));
    expect(cli.message + simulator.message).not.toContain(MARK);
  });

  it('a valid profile is accepted by both', () => {
    const profile = { ...BASE, fms: true, returnReasons: ['damaged'] };
    expect(validateProfile(profile)).toEqual(profile);
    expect(() => createSimulator({ clients: [{ ...CLIENT, profile }] })).not.toThrow();
  });
});
