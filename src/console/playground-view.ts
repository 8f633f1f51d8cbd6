/**
 * The Playground tab: the editor, its settings, the problem list and the three actions.
 */
import { escapeControls } from '../cli/escape';
import type { ClientProfile } from '../lint/types';
import { checkProfile } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { byId, el } from './dom';
import { fixText, lintText, MAX_LISTED, splitPayloads, type LocatedProblem, type OmittedProblems, type OtherVersion, type PlaygroundResult, type PlaygroundSettings } from './playground';

/** The CLI's default `--api-version`, so the page and `fulfilkit lint` agree out of the box. */
const DEFAULT_VERSION: OrderVersion = '1.1';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Where offset `at` of the editor's text is drawn, from the top of its content: the height of
 * a copy of the editor (same styles and width) holding the text up to `at`, so soft-wrapped
 * lines count as the editor draws them.
 */
function offsetTop(editor: HTMLTextAreaElement, at: number): number {
  const probe = editor.cloneNode() as HTMLTextAreaElement;
  probe.removeAttribute('id');
  probe.tabIndex = -1;
  probe.setAttribute('aria-hidden', 'true');
  // The editor's scroll bar (if it has one) narrows its text the same way.
  const overflowY = editor.scrollHeight > editor.clientHeight ? 'scroll' : 'hidden';
  Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', height: '0', minHeight: '0', width: `${editor.offsetWidth}px`, overflowY });
  probe.value = editor.value.slice(0, at);
  editor.after(probe);
  const style = getComputedStyle(probe);
  const lineHeight = Number.parseFloat(style.lineHeight) || 16;
  const top = probe.scrollHeight - Number.parseFloat(style.paddingBottom) - lineHeight;
  probe.remove();
  return top;
}

/** Selects a problem's member in the editor and scrolls its first line into view, a third down. */
function select(editor: HTMLTextAreaElement, found: LocatedProblem): void {
  editor.focus({ preventScroll: true });
  editor.setSelectionRange(found.span.start, found.span.end);
  editor.scrollTop = Math.max(0, offsetTop(editor, found.span.start) - editor.clientHeight / 3);
}

/** Which payload of the text: `payload N` of NDJSON (1-based, as lines), `element N` of an array (0-based, as pointers), none of one document. */
function payloadName(payload: number, result: PlaygroundResult): string | undefined {
  return result.format === 'ndjson' ? `payload ${payload + 1}` : result.format === 'array' ? `element ${payload}` : undefined;
}

function where(found: LocatedProblem, result: PlaygroundResult): string {
  const payload = payloadName(found.payload, result);
  return `line ${found.line}, column ${found.column}${payload ? `, ${payload}` : ''}${found.span.exact ? '' : ' (nearest member)'}`;
}

function problemItem(editor: HTMLTextAreaElement, found: LocatedProblem, result: PlaygroundResult): HTMLLIElement {
  const { problem } = found;
  // Member names reach the pointer and some messages: controls and bidi overrides are shown escaped, as the CLI prints them.
  const button = el(
    'button',
    { type: 'button', class: 'problem' },
    el('span', { class: `severity-${problem.severity}` }, problem.severity),
    ' ',
    el('code', { class: 'rule' }, problem.rule),
    ' ',
    el('code', { class: 'pointer' }, problem.path === '' ? '""' : escapeControls(problem.path)),
    el('br'),
    escapeControls(problem.message),
    ' ',
    el('span', { class: 'where' }, where(found, result)),
  );
  button.addEventListener('click', () => select(editor, found));
  return el('li', {}, button);
}

function omittedItem({ payload, errors, warnings }: OmittedProblems, result: PlaygroundResult): HTMLLIElement {
  const name = payloadName(payload, result);
  const of = name ? ` of ${name}` : '';
  return el('li', { class: 'omitted' }, `${errors + warnings} more${of} not listed (${plural(errors, 'error')}, ${plural(warnings, 'warning')}): the first ${MAX_LISTED} of a payload are, as fulfilkit lint lists them.`);
}

/** The version hint: an order with fewer errors as another version, and a button that lints as it. */
function versionHint(hint: OtherVersion, result: PlaygroundResult, chosen: OrderVersion, lintAs: (version: OrderVersion) => void): (Node | string)[] {
  const errors = (n: number) => (n === 0 ? 'none' : plural(n, 'error'));
  const button = el('button', { type: 'button' }, `Lint as v${hint.version}`);
  button.addEventListener('click', () => lintAs(hint.version));
  const name = payloadName(hint.payload, result);
  return [`${name ? name[0]!.toUpperCase() + name.slice(1) : 'The order'} has ${errors(hint.errors)} as v${chosen} and ${errors(hint.versionErrors)} as v${hint.version}: it may be of that version. `, button];
}

/** The list: each payload's problems, then how many of its problems were not listed. */
function listItems(editor: HTMLTextAreaElement, result: PlaygroundResult): HTMLLIElement[] {
  const items: HTMLLIElement[] = [];
  let next = 0;
  const { problems, omitted } = result;
  problems.forEach((found, k) => {
    items.push(problemItem(editor, found, result));
    const last = k + 1 === problems.length || problems[k + 1]!.payload !== found.payload;
    if (last && omitted[next]?.payload === found.payload) items.push(omittedItem(omitted[next++]!, result));
  });
  return items;
}

/**
 * Wires the Playground tab's controls.
 *
 * @param show Shows the Playground tab (a file dropped anywhere on the page is loaded into it).
 */
export function setUpPlayground(show: () => void): void {
  const editor = byId<HTMLTextAreaElement>('payload');
  const kind = byId<HTMLSelectElement>('kind');
  const version = byId<HTMLSelectElement>('version');
  const profileText = byId<HTMLTextAreaElement>('profile');
  const summary = byId<HTMLParagraphElement>('summary');
  const hint = byId<HTMLParagraphElement>('version-hint');
  const list = byId<HTMLOListElement>('problems');
  for (const v of ORDER_VERSIONS) version.append(el('option', { value: v, selected: v === DEFAULT_VERSION }, v));

  /** The settings; undefined when the profile is unusable, after saying why (and clearing the problems of other settings). */
  const settings = (): PlaygroundSettings | undefined => {
    let profile: ClientProfile | undefined;
    if (profileText.value.trim() !== '') {
      try {
        profile = checkProfile(JSON.parse(profileText.value), 'profile');
      } catch (error) {
        summary.textContent = error instanceof SyntaxError ? 'The profile is not valid JSON.' : escapeControls((error as Error).message);
        list.replaceChildren();
        hint.hidden = true;
        return undefined;
      }
    }
    return { kind: kind.value as PlaygroundSettings['kind'], version: version.value as OrderVersion, ...(profile ? { profile } : {}) };
  };

  const lint = (prefix = ''): void => {
    const current = settings();
    if (!current) return;
    const result = lintText(editor.value, current);
    const unlisted = result.omitted.reduce((n, o) => n + o.errors + o.warnings, 0);
    summary.textContent = `${prefix}${plural(result.payloads.length, 'payload')}: ${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}${unlisted > 0 ? `; ${unlisted} not listed` : ''}.`;
    list.replaceChildren(...listItems(editor, result));
    hint.replaceChildren(...(result.otherVersion ? versionHint(result.otherVersion, result, current.version, lintAs) : []));
    hint.hidden = result.otherVersion === undefined;
  };
  const lintAs = (v: OrderVersion): void => {
    version.value = v;
    lint();
  };

  const load = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    show();
    editor.value = await file.text();
    lint();
  };

  byId('lint').addEventListener('click', () => lint());
  byId('fix').addEventListener('click', () => {
    const current = settings();
    if (!current) return;
    const { text, fixed } = fixText(editor.value, current);
    editor.value = text;
    lint(`Fixed ${plural(fixed, 'member')}. `);
  });
  byId('download').addEventListener('click', () => {
    const ndjson = splitPayloads(editor.value).format === 'ndjson';
    // A blob: URL is a navigation target, not a fetch, so `connect-src 'self'` does not block it.
    const url = URL.createObjectURL(new Blob([editor.value], { type: ndjson ? 'application/x-ndjson' : 'application/json' }));
    const link = el('a', { href: url, download: ndjson ? 'payloads.ndjson' : 'payload.json', hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  const file = byId<HTMLInputElement>('file');
  file.addEventListener('change', () => void load(file.files?.[0]));
  // Files are taken anywhere on the page: dropped outside the editor, a file (or a link) would
  // otherwise open in the tab, leaving the console. Text dropped into a text field goes in as typed.
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
  const intoTextField = (event: DragEvent) => event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement;
  document.addEventListener('dragover', (event) => {
    if (carriesFiles(event)) editor.classList.add('dragging');
    else if (intoTextField(event)) return;
    else if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    event.preventDefault();
  });
  document.addEventListener('dragleave', (event) => {
    if (event.relatedTarget === null) editor.classList.remove('dragging');
  });
  document.addEventListener('drop', (event) => {
    editor.classList.remove('dragging');
    const dropped = event.dataTransfer?.files[0];
    if (dropped) void load(dropped);
    else if (intoTextField(event)) return;
    event.preventDefault();
  });
}
