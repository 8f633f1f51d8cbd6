/**
 * The Inspector tab: what the simulator received, its orders (with an advance control),
 * returns and faults, read from the control API under `/_fulfilkit/` on this origin, and
 * refreshed every POLL_MS while the tab is shown and "Live" is checked.
 */
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

const pathOf = (url: string | undefined): string => {
  try {
    const u = new URL(url ?? '', location.origin);
    return u.pathname + u.search;
  } catch {
    return '';
  }
};

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
  const shown: Record<string, string> = {};
  let visible = false;
  /** The refresh failure shown, so a live refresh announces it once. */
  let failing = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  token.value = sessionStorage.getItem(TOKEN_KEY) ?? '';
  token.addEventListener('change', () => {
    if (token.value === '') sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token.value);
    void refresh();
  });

  async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; data: unknown }> {
    const headers: Record<string, string> = {};
    if (token.value !== '') headers.Authorization = `Bearer ${token.value}`;
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
    if (response.status === 401) throw new Error('The control API wants a token: enter it in "Control token".');
    return { status: response.status, data };
  }

  function draw(name: keyof typeof tables, rows: readonly unknown[], row: (item: never, index: number) => HTMLTableRowElement): void {
    const key = JSON.stringify(rows);
    if (shown[name] === key) return;
    shown[name] = key;
    tables[name].replaceChildren(...rows.map((item, index) => row(item as never, index)));
  }

  function orderRow(order: OrderRow): HTMLTableRowElement {
    const ref = order.requestReference;
    const options = Array.isArray(order.next) ? order.next : [];
    const choice = el('select', { 'aria-label': `Next status for order ${ref}` }, ...options.map((s) => el('option', { value: s }, s)));
    const advance = el('button', { type: 'button', 'aria-label': `Advance order ${ref}` }, 'Advance');
    advance.addEventListener('click', () => void advanceOrder(ref, choice.value));
    const control = options.length === 0 ? 'final' : el('span', {}, choice, ' ', advance);
    return el('tr', {}, el('td', {}, el('code', {}, ref)), el('td', {}, order.client), el('td', {}, order.version), el('td', { class: 'status' }, order.requestStatus), el('td', {}, (order.history ?? []).join(' → ')), el('td', {}, control));
  }

  function requestRow(request: RequestRow, number: number): HTMLTableRowElement {
    const body = request.body === undefined ? '' : el('details', {}, el('summary', {}, 'Body'), el('pre', {}, typeof request.body === 'string' ? request.body : JSON.stringify(request.body, null, 2)));
    return el('tr', {}, el('td', {}, number), el('td', {}, request.method), el('td', {}, el('code', {}, pathOf(request.url))), el('td', {}, request.operation ?? '—'), el('td', {}, request.client), el('td', {}, request.status ?? 'dropped'), el('td', {}, request.fault), el('td', {}, body));
  }

  async function refresh(): Promise<void> {
    try {
      const [orders, received, returns, faultsNow] = await Promise.all([api('orders'), api('received'), api('returns'), api('faults')]);
      const list = (answer: { data: unknown }, member: string): unknown[] => {
        const value = (answer.data as Record<string, unknown> | undefined)?.[member];
        return Array.isArray(value) ? value : [];
      };
      draw('orders', list(orders, 'orders'), orderRow);
      const requests = list(received, 'requests');
      const newest = requests.slice(-SHOWN_REQUESTS).reverse();
      draw('received', newest, (r: RequestRow, i) => requestRow(r, requests.length - i));
      draw('returns', list(returns, 'returns'), (r: ReturnRow) => el('tr', {}, el('td', {}, el('code', {}, r.requestReference)), el('td', {}, r.client), el('td', {}, el('code', {}, r.transactionID))));
      // The faults editor is left alone while someone is editing it.
      const faultsText = JSON.stringify((faultsNow.data as { faults?: unknown } | undefined)?.faults ?? faultsNow.data ?? {}, null, 2);
      if (document.activeElement !== faults && shown.faults !== faultsText) faults.value = shown.faults = faultsText;
      updated.textContent = `Updated ${new Date().toLocaleTimeString()}.`;
      if (failing) status.textContent = failing = '';
    } catch (error) {
      const message = error instanceof Error && error.message.startsWith('The control API') ? error.message : 'The simulator does not answer.';
      if (failing !== message) status.textContent = failing = message;
    }
  }

  async function advanceOrder(reference: string, to: string): Promise<void> {
    try {
      const { status: code, data } = await api(`orders/${encodeURIComponent(reference)}/advance`, { method: 'POST', body: { status: to } });
      const answer = (data ?? {}) as { message?: string; allowed?: string[] };
      if (code === 200) status.textContent = `Order ${reference} is now ${to}.`;
      else if (code === 409) status.textContent = `${answer.message ?? 'Not allowed.'} Allowed: ${(answer.allowed ?? []).join(', ') || 'none'}.`;
      else status.textContent = code === 404 ? `No order ${reference}.` : `Advance failed (HTTP ${code}).`;
    } catch (error) {
      status.textContent = (error as Error).message;
    }
    await refresh();
  }

  const schedule = (): void => {
    clearTimeout(timer);
    if (visible && live.checked) timer = setTimeout(() => void refresh().then(schedule), POLL_MS);
  };

  byId('refresh').addEventListener('click', () => void refresh());
  byId('reset').addEventListener('click', async () => {
    try {
      const { status: code } = await api('reset', { method: 'POST' });
      status.textContent = code === 204 ? 'The simulator was reset.' : `Reset failed (HTTP ${code}).`;
    } catch (error) {
      status.textContent = (error as Error).message;
    }
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
    try {
      const { status: code, data } = await api('faults', { method: 'PUT', body: value });
      status.textContent = code === 204 ? 'Faults saved.' : ((data as { message?: string } | undefined)?.message ?? `Saving the faults failed (HTTP ${code}).`);
    } catch (error) {
      status.textContent = (error as Error).message;
    }
    shown.faults = '';
    await refresh();
  });
  live.addEventListener('change', schedule);
  return (show) => {
    visible = show;
    if (show) void refresh().then(schedule);
    else clearTimeout(timer);
  };
}
