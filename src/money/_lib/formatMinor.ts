/** Writes minor units as decimal text with exactly `digits` fraction digits. */
export function formatMinor(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const cut = text.length - digits;
  const body = digits === 0 ? text : `${text.slice(0, cut)}.${text.slice(cut)}`;
  return negative ? `-${body}` : body;
}
