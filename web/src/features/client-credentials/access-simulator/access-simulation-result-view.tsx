import { Callout, HTMLTable } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccessSimulationResult } from '../../../api/generated/model/accessSimulationResult';
import { providerTypeName } from '../../../components/auth-provider/provider-type-names';
import { ClientTypeTag } from '../../../components/client-type/client-type-tag';

/** The simulator's answer: allowed or denied, at which stage, and the credentials and rule that decided. */
export function AccessSimulationResultView({ result }: { result: AccessSimulationResult }) {
  const intl = useIntl();
  const providerName = (type: string) => {
    const id = providerTypeName(type);
    return id ? intl.formatMessage({ id }) : type;
  };
  const verdict = result.allowed ? 'access-simulator.allowed' : result.stage === 'CONNECT' ? 'access-simulator.refused-at-connect' : 'access-simulator.denied';
  return (
    <Callout intent={result.allowed ? 'success' : 'danger'} title={intl.formatMessage({ id: verdict })} className="access-simulator__result" data-testid="simulation-result">
      <p>{result.reason}</p>
      <HTMLTable compact className="access-simulator__facts">
        <tbody>
          {result.credentialsName && (
            <tr>
              <th>
                <FormattedMessage id="mqtt-client-credentials.type" />
              </th>
              <td>
                {result.credentialsName} {result.clientType && <ClientTypeTag clientType={result.clientType} />}
              </td>
            </tr>
          )}
          {result.authProvider && (
            <tr>
              <th>
                <FormattedMessage id="access-simulator.auth-provider" />
              </th>
              <td data-testid="simulation-auth-provider">{providerName(result.authProvider)}</td>
            </tr>
          )}
          {result.ruleList && (
            <tr>
              <th>
                <FormattedMessage id={result.ruleList === 'pubAuthRulePatterns' ? 'mqtt-client-credentials.pub-rules' : 'mqtt-client-credentials.sub-rules'} />
              </th>
              <td className="client-access__code">{result.rulePattern ?? <FormattedMessage id="access-simulator.no-rule-matched" />}</td>
            </tr>
          )}
          {result.blockedClient && (
            <tr>
              <th>
                <FormattedMessage id="access-simulator.blocked-by" />
              </th>
              <td className="client-access__code">{result.blockedClient.value}</td>
            </tr>
          )}
          <tr>
            <th>
              <FormattedMessage id="access-simulator.password-checked" />
            </th>
            <td>
              <FormattedMessage id={result.passwordChecked ? 'common.yes' : 'common.no'} />
            </td>
          </tr>
        </tbody>
      </HTMLTable>
    </Callout>
  );
}
