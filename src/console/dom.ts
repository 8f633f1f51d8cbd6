/**
 * A small DOM helper for the console. Text goes in as text nodes only (never markup), so
 * nothing from a payload or the simulator can become HTML.
 */

/** A child: an element, text (shown as text), or nothing. */
export type Child = Node | string | number | undefined | null | false;

/**
 * Creates an element with attributes and children.
 *
 * @param tag The tag name.
 * @param attributes Attributes to set (`false`/`undefined` ones are left out).
 * @param children Elements and text, in order.
 * @returns The element.
 * @example el('code', {}, problem.path); // <code>/clientRequest/...</code>
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (typeof value === 'string') node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * The element with an id, typed.
 *
 * @param id The id.
 * @returns The element; throws when the page lacks it (a build mistake).
 * @example byId<HTMLTextAreaElement>('payload').value;
 */
export function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`The console page has no #${id}.`);
  return node as T;
}
