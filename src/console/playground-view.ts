/**
 * The Playground tab: the editor, its settings, the problem list and the three actions.
 */
import type { ClientProfile } from '../lint/types';
import { checkProfile } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { byId, el } from './dom';
import { fixText, lintText, splitPayloads, type LocatedProblem, type PlaygroundResult, type PlaygroundSettings } from './playground';

/** The CLI's default `--api-version`, so the page and `fulfilkit lint` agree out of the box. */
const DEFAULT_VERSION: OrderVersion = '1.1';

/** Selects a problem's member in the editor and scrolls it into view. */
function select(editor: HTMLTextAreaElement, found: LocatedProblem): void {
  editor.focus();
  editor.setSelectionRange(found.span.start, found.span.end);
  const lineHeight = Number.parseFloat(getComputedStyle(editor).lineHeight) || 16;
  editor.scrollTop = Math.max(0, (found.line - 3) * lineHeight);
}

function problemItem(editor: HTMLTextAreaElement, found: LocatedProblem, result: PlaygroundResult): HTMLLIElement {
  const { problem } = found;
  const where = `line ${found.line}, column ${found.column}${result.format === 'ndjson' ? `, payload ${found.payload + 1}` : ''}${found.span.exact ? '' : ' (nearest member)'}`;
  const button = el(
    'button',
    { type: 'button', class: 'problem' },
    el('span', { class: `severity-${problem.severity}` }, problem.severity),
    ' ',
    el('code', { class: 'rule' }, problem.rule),
    ' ',
    el('code', { class: 'pointer' }, problem.path === '' ? '""' : problem.path),
    el('br'),
    problem.message,
    ' ',
    el('span', { class: 'where' }, where),
  );
  button.addEventListener('click', () => select(editor, found));
  return el('li', {}, button);
}

/** Wires the Playground tab's controls. */
export function setUpPlayground(): void {
  const editor = byId<HTMLTextAreaElement>('payload');
  const kind = byId<HTMLSelectElement>('kind');
  const version = byId<HTMLSelectElement>('version');
  const profileText = byId<HTMLTextAreaElement>('profile');
  const summary = byId<HTMLParagraphElement>('summary');
  const list = byId<HTMLOListElement>('problems');
  for (const v of ORDER_VERSIONS) version.append(el('option', { value: v, selected: v === DEFAULT_VERSION }, v));

  /** The settings, or a message saying why the profile is unusable. */
  const settings = (): PlaygroundSettings | string => {
    let profile: ClientProfile | undefined;
    if (profileText.value.trim() !== '') {
      try {
        profile = checkProfile(JSON.parse(profileText.value), 'profile');
      } catch (error) {
        return error instanceof SyntaxError ? 'The profile is not valid JSON.' : (error as Error).message;
      }
    }
    return { kind: kind.value as PlaygroundSettings['kind'], version: version.value as OrderVersion, ...(profile ? { profile } : {}) };
  };

  const lint = (prefix = ''): void => {
    const current = settings();
    if (typeof current === 'string') {
      summary.textContent = current;
      return;
    }
    const result = lintText(editor.value, current);
    const errors = result.problems.filter((p) => p.problem.severity === 'error').length;
    const n = result.payloads.length;
    summary.textContent = `${prefix}${n} payload${n === 1 ? '' : 's'}: ${errors} error${errors === 1 ? '' : 's'}, ${result.problems.length - errors} warning${result.problems.length - errors === 1 ? '' : 's'}.`;
    list.replaceChildren(...result.problems.map((found) => problemItem(editor, found, result)));
  };

  const load = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    editor.value = await file.text();
    lint();
  };

  byId('lint').addEventListener('click', () => lint());
  byId('fix').addEventListener('click', () => {
    const current = settings();
    if (typeof current === 'string') {
      summary.textContent = current;
      return;
    }
    const { text, fixed } = fixText(editor.value, current);
    editor.value = text;
    lint(`Fixed ${fixed} member${fixed === 1 ? '' : 's'}. `);
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
  editor.addEventListener('dragover', (event) => {
    event.preventDefault();
    editor.classList.add('dragging');
  });
  editor.addEventListener('dragleave', () => editor.classList.remove('dragging'));
  editor.addEventListener('drop', (event) => {
    editor.classList.remove('dragging');
    const dropped = event.dataTransfer?.files[0];
    if (!dropped) return; // dropped text: the browser inserts it
    event.preventDefault();
    void load(dropped);
  });
}
