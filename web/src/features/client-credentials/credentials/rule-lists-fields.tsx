import { FormattedMessage } from 'react-intl';
import { ChipInput } from '../../../components/chip-input/chip-input';
import { type AuthRuleLists, EVERY_TOPIC } from './credentials-value';
import { topicPatternProblem } from './topic-pattern';

interface RuleListsFieldsProps {
  idPrefix: string;
  rules: AuthRuleLists;
  onChange: (rules: AuthRuleLists) => void;
}

/**
 * The publish and subscribe rules as chip lists of regular expressions (spec section 5, chip input).
 * An empty list is allowed and means "no topic", which the hint under each list says.
 */
export function RuleListsFields({ idPrefix, rules, onChange }: RuleListsFieldsProps) {
  // Autocomplete offers "every topic" and the patterns of the other list, often the same topics.
  const options = [...new Set([EVERY_TOPIC, ...rules.pub, ...rules.sub])];
  return (
    <div className="client-access__field-row">
      <ChipInput
        id={`${idPrefix}-pub`}
        label={<FormattedMessage id="mqtt-client-credentials.pub-rules" />}
        values={rules.pub}
        onValuesChange={(pub) => onChange({ ...rules, pub })}
        options={options}
        checkValue={topicPatternProblem}
        helperText={<FormattedMessage id={rules.pub.length === 0 ? 'mqtt-client-credentials.rules-empty-hint' : 'mqtt-client-credentials.rules-hint'} />}
      />
      <ChipInput
        id={`${idPrefix}-sub`}
        label={<FormattedMessage id="mqtt-client-credentials.sub-rules" />}
        values={rules.sub}
        onValuesChange={(sub) => onChange({ ...rules, sub })}
        options={options}
        checkValue={topicPatternProblem}
        helperText={<FormattedMessage id={rules.sub.length === 0 ? 'mqtt-client-credentials.rules-empty-hint' : 'mqtt-client-credentials.rules-hint'} />}
      />
    </div>
  );
}
