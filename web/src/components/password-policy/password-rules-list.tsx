import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { brokenRules, passwordRules } from './password-policy-rules';
import './password-rules-list.css';

/**
 * The policy's rules, listed under a new-password field; once the user types, each rule the password
 * keeps is marked, so problems show before the broker answers.
 */
export function PasswordRulesList({ policy, password, id }: { policy: UserPasswordPolicy; password: string; id?: string }) {
  const intl = useIntl();
  return (
    <ul className="password-rules" id={id} aria-label={intl.formatMessage({ id: 'password-policy.rules' })}>
      {passwordRules(policy).map((rule) => {
        const kept = password !== '' && rule.keptBy(password);
        return (
          <li key={rule.message.id} className={kept ? 'password-rules__rule password-rules__rule--kept' : 'password-rules__rule'} data-kept={kept}>
            <FormattedMessage {...rule.message} values={rule.values} />
          </li>
        );
      })}
    </ul>
  );
}

/** Why the policy refuses a password, naming each broken rule; undefined when it takes it or there is no policy. */
export function policyRefusal(intl: IntlShape, password: string, policy: UserPasswordPolicy | undefined): string | undefined {
  if (!policy) return undefined;
  const broken = brokenRules(password, policy);
  if (broken.length === 0) return undefined;
  const rules = intl.formatList(broken.map((rule) => intl.formatMessage(rule.message, rule.values)));
  return intl.formatMessage({ id: 'password-policy.not-met' }, { rules });
}
