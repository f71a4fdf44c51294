import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import type { AuthRuleLists } from './rule-lists';
import { RuleListsFields } from './rule-lists-fields';

function Harness({ maxPatternLength }: { maxPatternLength?: number }) {
  const [rules, setRules] = useState<AuthRuleLists>({ pub: ['.*'], sub: [] });
  return (
    <>
      <RuleListsFields idPrefix="test" rules={rules} onChange={setRules} maxPatternLength={maxPatternLength} />
      <output data-testid="rules">{JSON.stringify(rules)}</output>
    </>
  );
}

const rules = () => JSON.parse(screen.getByTestId('rules').textContent ?? '{}') as AuthRuleLists;
const typeInto = (label: string, text: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('rule lists fields (spec section 5, chip input of rule patterns)', () => {
  afterEach(cleanup);

  it('adds a valid pattern to its list and says an empty list allows no topic', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText(/no topic/i)).toBeTruthy();
    typeInto('Subscribe rules', 'sensors/.*');
    expect(rules()).toEqual({ pub: ['.*'], sub: ['sensors/.*'] });
  });

  it('refuses a pattern that is not a regular expression, naming why, and one past the longest allowed', () => {
    renderWithProviders(<Harness maxPatternLength={5} />);
    typeInto('Publish rules', 'a/(b');
    expect(screen.getByText(/a\/\(b.*unterminated group/i)).toBeTruthy();
    typeInto('Publish rules', 'abcdef');
    expect(screen.getByText(/at most 5/i)).toBeTruthy();
    expect(rules().pub).toEqual(['.*']);
  });
});
