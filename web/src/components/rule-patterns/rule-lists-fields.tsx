import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChipInput } from '../chip-input/chip-input';
import { type AuthRuleLists, EVERY_TOPIC } from './rule-lists';
import { topicPatternProblem } from './topic-pattern';
import './rule-lists-fields.css';

interface RuleListsFieldsProps {
  idPrefix: string;
  rules: AuthRuleLists;
  onChange: (rules: AuthRuleLists) => void;
  /** A problem with a whole list (too many patterns, the broker's refusal), shown under it. */
  errors?: Partial<Record<keyof AuthRuleLists, ReactNode>>;
  /** The longest pattern the contract takes, where it sets one (anonymous access does). */
  maxPatternLength?: number;
}

/**
 * The publish and subscribe rules as chip lists of regular expressions (spec section 5, chip input).
 * An empty list is allowed and means "no topic", which the hint under each list says.
 */
export function RuleListsFields({ idPrefix, rules, onChange, errors = {}, maxPatternLength }: RuleListsFieldsProps) {
  const intl = useIntl();
  // Autocomplete offers "every topic" and the patterns of the other list, often the same topics.
  const options = [...new Set([EVERY_TOPIC, ...rules.pub, ...rules.sub])];
  const checkValue = (pattern: string) =>
    maxPatternLength !== undefined && pattern.length > maxPatternLength
      ? intl.formatMessage({ id: 'mqtt-client-credentials.rule-too-long' }, { max: maxPatternLength })
      : topicPatternProblem(pattern);
  const hint = (patterns: readonly string[]) => (
    <FormattedMessage id={patterns.length === 0 ? 'mqtt-client-credentials.rules-empty-hint' : 'mqtt-client-credentials.rules-hint'} />
  );
  return (
    <div className="rule-lists-fields">
      <ChipInput
        id={`${idPrefix}-pub`}
        label={<FormattedMessage id="mqtt-client-credentials.pub-rules" />}
        values={rules.pub}
        onValuesChange={(pub) => onChange({ ...rules, pub })}
        options={options}
        checkValue={checkValue}
        error={errors.pub}
        helperText={hint(rules.pub)}
      />
      <ChipInput
        id={`${idPrefix}-sub`}
        label={<FormattedMessage id="mqtt-client-credentials.sub-rules" />}
        values={rules.sub}
        onValuesChange={(sub) => onChange({ ...rules, sub })}
        options={options}
        checkValue={checkValue}
        error={errors.sub}
        helperText={hint(rules.sub)}
      />
    </div>
  );
}
