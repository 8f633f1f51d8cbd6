// PLACEHOLDER: replaced by the business-rule work in this session.
import { defineRule } from '../src/lint/define-rule';

export default defineRule({
  meta: { id: 'state-required', description: 'TODO', severity: 'error', kinds: [], docs: { rationale: '', invalid: '', valid: '' } },
});
