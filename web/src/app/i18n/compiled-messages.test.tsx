import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createIntl, FormattedMessage, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { compileMessages } from '../../../compiled-messages-plugin';

// The console receives its messages compiled by the build (compiled-messages-plugin.ts) and carries
// no parser; these tests run with the parser, so each message can be formatted both ways and the
// compiled one must say exactly what the string said, in both languages.

type MessageId = keyof typeof englishMessages;
type Catalogue = Record<MessageId, string>;
type CompiledCatalogue = Record<MessageId, MessageFormatElement[]>;
type Values = Record<string, string | number | ((chunks: string[]) => string)>;

const LANGUAGES = [
  { lang: 'en_US', tag: 'en-US', messages: englishMessages as Catalogue },
  { lang: 'de_DE', tag: 'de-DE', messages: germanMessages as Catalogue },
];

/** A value for each argument, by kind; select options and plural categories as they appear. */
interface Argument {
  kind: 'text' | 'number' | 'plural' | 'select' | 'tag';
  options: string[];
}

function argumentsOf(elements: MessageFormatElement[], found = new Map<string, Argument>()): Map<string, Argument> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.set(element.value, { kind: 'text', options: [] });
    if (element.type === TYPE.number) found.set(element.value, { kind: 'number', options: [] });
    if (element.type === TYPE.tag) {
      found.set(element.value, { kind: 'tag', options: [] });
      argumentsOf(element.children, found);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.set(element.value, { kind: element.type === TYPE.plural ? 'plural' : 'select', options: Object.keys(element.options) });
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

// Plural counts that reach zero, one, several and a number with a group separator.
const COUNTS = [0, 1, 2, 21, 1234];

/** Several sets of values for one message: every select option, every count, texts and numbers. */
function valueSets(compiled: MessageFormatElement[]): Values[] {
  const found = [...argumentsOf(compiled)];
  const rounds = Math.max(COUNTS.length, ...found.map(([, argument]) => argument.options.length + 1));
  return Array.from({ length: found.length === 0 ? 1 : rounds }, (_, round) => {
    const values: Values = {};
    for (const [name, argument] of found) {
      if (argument.kind === 'text') values[name] = `[${name}]`;
      if (argument.kind === 'number') values[name] = 1234.5 + round;
      if (argument.kind === 'plural') values[name] = COUNTS[round % COUNTS.length] ?? 0;
      // The round past the options picks a value none names: `other`.
      if (argument.kind === 'select') values[name] = argument.options.filter((option) => option !== 'other')[round] ?? 'none-of-these';
      if (argument.kind === 'tag') values[name] = (chunks) => `<${name}>${chunks.join('')}</${name}>`;
    }
    return values;
  });
}

function formatterOf(tag: string, messages: Catalogue | CompiledCatalogue) {
  const errors: unknown[] = [];
  const intl = createIntl({ locale: tag, messages, onError: (error) => errors.push(error) });
  return {
    errors,
    format: (id: string, values: Values) => [intl.formatMessage({ id: id as MessageId }, values)].flat().join(''),
  };
}

describe.each(LANGUAGES)('messages compiled by the build, $lang', ({ lang, tag, messages }) => {
  const compiled = compileMessages(messages, lang) as CompiledCatalogue;

  it('compiles every message of the file', () => {
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(messages).sort());
  });

  it('format every message exactly as the strings do, for every select option and plural category', () => {
    const fromStrings = formatterOf(tag, messages);
    const fromCompiled = formatterOf(tag, compiled);
    const differences: string[] = [];
    let formatted = 0;
    for (const [id, tree] of Object.entries(compiled)) {
      for (const values of valueSets(tree)) {
        const expected = fromStrings.format(id, values);
        const actual = fromCompiled.format(id, values);
        formatted += 1;
        if (actual !== expected) differences.push(`${id}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(fromStrings.errors).toEqual([]);
    expect(fromCompiled.errors).toEqual([]);
    expect(formatted).toBeGreaterThan(Object.keys(messages).length);
  });

  it('render plurals, selects, numbers, arguments, tags and quoted text as the strings do', () => {
    const kinds: Record<string, (message: string) => boolean> = {
      plural: (message) => /\{\w+, plural,/.test(message),
      select: (message) => /\{\w+, select,/.test(message),
      number: (message) => /\{\w+, number\}/.test(message),
      argument: (message) => /\{\w+\}/.test(message) && !message.includes(','),
      tag: (message) => /<\w+>/.test(message) && /<\/\w+>/.test(message),
      quoted: (message) => message.includes("'"),
    };
    for (const [kind, matches] of Object.entries(kinds)) {
      const ids = (Object.keys(messages) as MessageId[]).filter((id) => matches(messages[id]));
      // Every kind is in the files today; a sample of each is enough here, the test above has them all.
      expect(ids.length, kind).toBeGreaterThan(0);
      for (const id of ids.slice(0, 3)) {
        for (const values of valueSets(compiled[id])) {
          const elementValues = Object.fromEntries(
            Object.entries(values).map(([name, value]) => [name, typeof value === 'function' ? (chunks: ReactNode[]) => <em data-tag={name}>{chunks}</em> : value]),
          );
          const withStrings = renderMessage(tag, messages, id, elementValues);
          const withCompiled = renderMessage(tag, compiled, id, elementValues);
          expect(withCompiled, `${id} ${JSON.stringify(values)}`).toBe(withStrings);
          expect(withCompiled).not.toBe(id);
        }
      }
    }
  });
});

function renderMessage(tag: string, messages: Catalogue | CompiledCatalogue, id: MessageId, values: Record<string, unknown>): string {
  const { container, unmount } = render(
    <IntlProvider locale={tag} messages={messages} onError={(error) => expect.fail(String(error))}>
      <FormattedMessage id={id} values={values as Record<string, ReactNode>} />
    </IntlProvider>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('a message that does not parse', () => {
  it('stops the build, naming the message and the language', () => {
    expect(() => compileMessages({ 'broken.message': 'Hello {name' }, 'en_US')).toThrow(/broken\.message of en_US/);
  });
});
