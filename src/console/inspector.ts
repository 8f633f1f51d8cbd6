/**
 * The Inspector tab: what the simulator received, its orders (with an advance control),
 * returns and faults, read from the control API under `/_fulfilkit/` on this origin, and
 * refreshed every POLL_MS while the tab is shown and "Live" is checked.
 */
import { escapeControls } from '../cli/escape';
import type { OrderVersion, RequestStatus } from '../schema/tables';
import { byId, el } from './dom';

const POLL_MS = 1500;
const TOKEN_KEY = 'fulfilkit.controlToken';
/** The newest requests shown; the control API may keep more. */
const SHOWN_REQUESTS = 200;

interface OrderRow {
  client?: string;
  version: OrderVersion;
  requestReference: string;
  requestStatus: RequestStatus;
  history?: readonly string[];
  /** The states the simulator accepts from the current one (for this order's version and client). */
  next?: readonly string[];
}

interface RequestRow {
  method?: string;
  url?: string;
  operation?: string;
  client?: string;
  status?: number;
  fault?: string;
  body?: unknown;
}

interface ReturnRow {
  client?: string;
  requestReference?: string;
  transactionID?: string;
}

/** An answer of the control API: its status and its JSON body (undefined when it has none). */
interface Answer {
  readonly status: number;
  readonly data: unknown;
}

/** The longest message of an answer shown; a longer one is cut. */
const SHOWN_MESSAGE = 500;

/** An answer, and whether its request carried a control token. */
type Sent = Answer & { readonly tokenSent: boolean };

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Text from requests and payloads, on one line: controls and bidi overrides shown escaped (`\u{202e}`), as the CLI prints them. */
const shown = (value: unknown): string => (value === undefined || value === null ? '' : escapeControls(String(value)));

/** The `message` of an answer's body, escaped and cut to SHOWN_MESSAGE; '' when it has none. */
function messageOf(answer: Answer): string {
  const message = (answer.data as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string') return '';
  return shown(message.length > SHOWN_MESSAGE ? `${message.slice(0, SHOWN_MESSAGE)}…` : message);
}

/**
 * What an answer that is not a success means to the user: a token asked for, a token
 * refused, or the status and the answer's message.
 *
 * @param answer The answer.
 * @param tokenSent Whether the request carried a control token.
 * @returns One or two sentences.
 * @example refusal({ status: 403, data: { message: 'No.' } }, false); // 'The control API answered HTTP 403: No.'
 */
function refusal(answer: Answer, tokenSent: boolean): string {
  if (answer.status === 401) {
    return tokenSent ? 'The token was refused (HTTP 401): correct it in "Control token".' : 'The control API wants a token: enter it in "Control token".';
  }
  const message = messageOf(answer);
  return `The control API answered HTTP ${answer.status}${message ? `: ${message}` : '.'}`;
}

/**
 * The path and query of a received request's URL, as the Inspector lists it: a credential
 * the simulator redacted shows as `<redacted>` (the URL parser writes it `%3Credacted%3E`).
 *
 * @param url The URL as received() keeps it.
 * @param origin The page's origin, for a relative URL.
 * @returns The text to show, its controls escaped; '' for a URL that does not parse.
 * @example requestPath('http://127.0.0.1:4010/productapi/v1/inventory?subscription-key=<redacted>', 'http://127.0.0.1:4010'); // '/productapi/v1/inventory?subscription-key=<redacted>'
 */
export function requestPath(url: string | undefined, origin: string): string {
  try {
    const u = new URL(url ?? '', origin);
    return shown((u.pathname + u.search).replaceAll('=%3Credacted%3E', '=<redacted>'));
  } catch {
    return '';
  }
}

/** Wires the Inspector tab; returns `show(visible)`, called when the tab is shown or hidden. */
export function setUpInspector(): (visible: boolean) => void {
  const status = byId('inspector-status');
  // The time of the last refresh is not announced (it changes every POLL_MS); messages are.
  const updated = byId('updated');
  const token = byId<HTMLInputElement>('token');
  const live = byId<HTMLInputElement>('live');
  const faults = byId<HTMLTextAreaElement>('faults');
  const tables = { orders: byId('orders'), received: byId('received'), returns: byId('returns') };
  // Each table is redrawn only when its data changed, so a live refresh keeps focus and choices.
  const drawn: Record<string, string> = {};
  let visible = false;
  /** The refresh failure shown, so a live refresh announces it once. */
  let failing = '';
  /** Polling stopped by a 401 or 403 (it would only be refused again): a new token or Refresh starts it. */
  let refused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  token.value = sessionStorage.getItem(TOKEN_KEY) ?? '';
  const tokenChanged = (): void => {
    if (token.value === '') sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token.value);
    restart();
  };
  token.addEventListener('change', tokenChanged);
  // Enter takes the token too, without leaving the field.
  token.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') tokenChanged();
  });

  async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<Sent> {
    const headers: Record<string, string> = {};
    const tokenSent = token.value !== '';
    if (tokenSent) headers.Authorization = `Bearer ${token.value}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`/_fulfilkit/${path}`, {
      method: init.method ?? 'GET',
      headers,
      cache: 'no-store',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch {
      data = undefined;
    }
    return { status: response.status, data, tokenSent };
  }

  /** Runs an action's request and says how it went: `done` on a success, else why it failed. */
  async function perform(action: string, call: () => ReturnType<typeof api>, done: (answer: Answer) => string | undefined): Promise<void> {
    try {
      const answer = await call();
      status.textContent = done(answer) ?? `${action} failed. ${refusal(answer, answer.tokenSent)}`;
    } catch {
      status.textContent = `${action} failed: the simulator does not answer.`;
    }
  }

  function draw(name: keyof typeof tables, rows: readonly unknown[], row: (item: never, index: number) => HTMLTableRowElement): void {
    const key = JSON.stringify(rows);
    if (drawn[name] === key) return;
    drawn[name] = key;
    tables[name].replaceChildren(...rows.map((item, index) => row(item as never, index)));
  }

  function orderRow(order: OrderRow): HTMLTableRowElement {
    const ref = order.requestReference;
    const options = Array.isArray(order.next) ? order.next : [];
    const choice = el('select', { 'aria-label': `Next status for order ${shown(ref)}` }, ...options.map((s) => el('option', { value: s }, s)));
    const advance = el('button', { type: 'button', 'aria-label': `Advance order ${shown(ref)}` }, 'Advance');
    advance.addEventListener('click', () => void advanceOrder(ref, choice.value, order.client));
    const control = options.length === 0 ? 'final' : el('span', {}, choice, ' ', advance);
    return el('tr', {}, el('td', {}, el('code', {}, shown(ref))), el('td', {}, shown(order.client)), el('td', {}, shown(order.version)), el('td', { class: 'status' }, shown(order.requestStatus)), el('td', {}, (order.history ?? []).map(shown).join(' → ')), el('td', {}, control));
  }

  function requestRow(request: RequestRow, number: number): HTMLTableRowElement {
    const body = request.body === undefined ? '' : el('details', {}, el('summary', {}, 'Body'), el('pre', {}, typeof request.body === 'string' ? request.body : JSON.stringify(request.body, null, 2)));
    return el('tr', {}, el('td', {}, number), el('td', {}, shown(request.method)), el('td', {}, el('code', {}, requestPath(request.url, location.origin))), el('td', {}, shown(request.operation ?? '—')), el('td', {}, shown(request.client)), el('td', {}, request.status ?? 'dropped'), el('td', {}, shown(request.fault)), el('td', {}, body));
  }

  /** Shows a refresh failure (once, however often a live refresh meets it); the tables and the faults keep what they showed. */
  function fail(message: string): void {
    if (failing !== message) status.textContent = failing = message;
    updated.textContent = '';
  }

  async function refresh(): Promise<void> {
    let answers: [Sent, Sent, Sent, Sent];
    try {
      // Only the page shown: the whole list can be tens of megabytes, asked for every POLL_MS.
      answers = await Promise.all([api('orders'), api(`received?newest=${SHOWN_REQUESTS}`), api('returns'), api('faults')]);
    } catch {
      fail('The simulator does not answer.');
      return;
    }
    // An answer that is not a success is no data: it is never drawn as an empty table or put in the faults editor.
    const failed = answers.find((answer) => !ok(answer));
    if (failed) {
      refused = failed.status === 401 || failed.status === 403;
      fail(refused ? `${refusal(failed, failed.tokenSent)} Live refresh is paused until the token changes or you press Refresh.` : refusal(failed, failed.tokenSent));
      return;
    }
    const [orders, received, returns, faultsNow] = answers;
    const list = (answer: Answer, member: string): unknown[] => {
      const value = (answer.data as Record<string, unknown> | undefined)?.[member];
      return Array.isArray(value) ? value : [];
    };
    draw('orders', list(orders, 'orders'), orderRow);
    const requests = list(received, 'requests');
    const total = (received.data as { total?: unknown } | undefined)?.total;
    // Numbered as in the whole list (#1 the oldest kept), newest first.
    const count = typeof total === 'number' && total >= requests.length ? total : requests.length;
    draw('received', requests.slice(-SHOWN_REQUESTS).reverse(), (r: RequestRow, i) => requestRow(r, count - i));
    draw('returns', list(returns, 'returns'), (r: ReturnRow) => el('tr', {}, el('td', {}, el('code', {}, shown(r.requestReference))), el('td', {}, shown(r.client)), el('td', {}, el('code', {}, shown(r.transactionID)))));
    // The faults editor is left alone while someone is editing it.
    const faultsText = JSON.stringify(faultsNow.data ?? {}, null, 2);
    if (document.activeElement !== faults && drawn.faults !== faultsText) faults.value = drawn.faults = faultsText;
    updated.textContent = `Updated ${new Date().toLocaleTimeString()}.`;
    if (failing) status.textContent = failing = '';
  }

  async function advanceOrder(reference: string, to: string, client: string | undefined): Promise<void> {
    const body = client === undefined ? { status: to } : { status: to, client };
    await perform('Advance', () => api(`orders/${encodeURIComponent(reference)}/advance`, { method: 'POST', body }), (answer) => {
      if (answer.status === 200) return `Order ${shown(reference)} is now ${shown(to)}.`;
      // A refused move: the server's message names the states allowed.
      if (answer.status === 409 || answer.status === 404) return messageOf(answer) || (answer.status === 404 ? `No order ${shown(reference)}.` : `Order ${shown(reference)} cannot move to ${shown(to)}.`);
      return undefined;
    });
    await refresh();
  }

  const schedule = (): void => {
    clearTimeout(timer);
    if (visible && live.checked && !refused) timer = setTimeout(() => void refresh().then(schedule), POLL_MS);
  };

  /** A refresh the user asked for (Refresh, a new token): polling starts again after a refusal. */
  function restart(): void {
    refused = false;
    void refresh().then(schedule);
  }

  byId('refresh').addEventListener('click', restart);
  byId('reset').addEventListener('click', async () => {
    await perform('Reset', () => api('reset', { method: 'POST' }), (answer) => (ok(answer) ? 'The simulator was reset.' : undefined));
    await refresh();
  });
  byId('save-faults').addEventListener('click', async () => {
    let value: unknown;
    try {
      value = JSON.parse(faults.value);
    } catch {
      status.textContent = 'The faults are not valid JSON.';
      return;
    }
    await perform('Saving the faults', () => api('faults', { method: 'PUT', body: value }), (answer) => (ok(answer) ? 'Faults saved.' : undefined));
    drawn.faults = '';
    await refresh();
  });
  live.addEventListener('change', schedule);
  return (show) => {
    visible = show;
    if (show) void refresh().then(schedule);
    else clearTimeout(timer);
  };
}
