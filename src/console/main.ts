/**
 * The console page's script (built to dist/console/console.js by scripts/build-console.mjs).
 * Lints in the page with code generation off, so `script-src 'self'` holds with no eval.
 */
import { configureEngine } from '../index';
import { setUpInspector } from './inspector';
import { setUpPlayground } from './playground-view';

configureEngine({ codegen: false });

const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
// A file dropped on the page while the Inspector is shown is loaded into the Playground, shown.
setUpPlayground(() => activate(tabs.find((t) => t.id === 'tab-playground')!, false));
const showInspector = setUpInspector();

/** Shows one tab's panel (the WAI-ARIA tabs pattern: one tab in the Tab order, arrows move). */
function activate(tab: HTMLButtonElement, focus: boolean): void {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    document.getElementById(t.getAttribute('aria-controls') ?? '')!.hidden = !selected;
  }
  if (focus) tab.focus();
  showInspector(tab.id === 'tab-inspector');
}

tabs.forEach((tab, i) => {
  tab.addEventListener('click', () => activate(tab, false));
  tab.addEventListener('keydown', (event) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    activate(tabs[(to + tabs.length) % tabs.length]!, true);
  });
});
