/**
 * The Inspector lists a received request by its path and query: a credential the simulator
 * redacted reads `<redacted>`, as received() keeps it, not as the URL parser escapes it.
 */
import { describe, expect, it } from 'vitest';
import { requestPath } from '../../src/console/inspector';
import { redactedUrl } from '../../src/simulator/received';

const ORIGIN = 'http://127.0.0.1:4010';

describe('requestPath', () => {
  it('shows a redacted credential as <redacted>, the rest of the query as sent', () => {
    const kept = redactedUrl(`${ORIGIN}/productapi/v1/inventory?sku=MUG&subscription-key=SECRET`);
    expect(requestPath(kept, ORIGIN)).toBe('/productapi/v1/inventory?sku=MUG&subscription-key=<redacted>');
  });

  it('keeps an escaped control escaped, shows the root for no URL and nothing for one that does not parse', () => {
    expect(requestPath(`${ORIGIN}/a?b=%1B`, ORIGIN)).toBe('/a?b=%1B');
    expect(requestPath(undefined, ORIGIN)).toBe('/');
    expect(requestPath('http://[bad', ORIGIN)).toBe('');
  });
});
