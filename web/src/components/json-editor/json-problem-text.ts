import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { JsonProblem } from './json-editor-rules';

const messages = {
  required: { id: 'json-editor.json-object-required' },
  notObject: { id: 'json-editor.not-object' },
  parseError: { id: 'json-editor.parse-error' },
} satisfies Record<string, MessageDescriptor>;

/** The line shown under the editor for a problem of its text (spec section 5). */
export function jsonProblemText(intl: IntlShape, problem: JsonProblem): string {
  if (problem.kind === 'required') return intl.formatMessage(messages.required);
  if (problem.kind === 'not-object') return intl.formatMessage(messages.notObject, { found: problem.found });
  // 'Error: <name>: <message>' with the engine's own error name and message, e.g. 'Error: SyntaxError: Unexpected token …'.
  return intl.formatMessage(messages.parseError, { name: problem.name, message: problem.message });
}
