import { Callout, Code, DialogBody, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { ScramCredentialsValue } from '../../../api/generated/model/scramCredentialsValue';
import { ClientTypeTag } from '../../../components/client-type/client-type-tag';
import { CloseDialogFooter } from '../shared/close-dialog-footer';
import { ruleListsOf } from '../../../components/rule-patterns/rule-lists';

function Patterns({ patterns }: { patterns: string[] }) {
  if (patterns.length === 0) return <FormattedMessage id="anonymous-access.rules-no-topic" />;
  return (
    <>
      {patterns.map((pattern) => (
        <Code key={pattern} className="client-access__rule-pattern" title={pattern}>
          {pattern}
        </Code>
      ))}
    </>
  );
}

/**
 * SCRAM credentials, which a production broker holds (MQTT 5 enhanced authentication): shown, not
 * edited, since the console cannot save them; they can still be deleted from the list.
 */
export function ScramCredentialsDetails({ credentials, value, onClose }: { credentials: MqttClientCredentials; value: ScramCredentialsValue; onClose: () => void }) {
  const rules = ruleListsOf(value.authRules);
  const rows: [ReactNode, ReactNode][] = [
    [<FormattedMessage id="mqtt-client-credentials.name" />, credentials.name],
    [<FormattedMessage id="mqtt-client-credentials.client-type" />, <ClientTypeTag clientType={credentials.clientType} />],
    [<FormattedMessage id="mqtt-client-credentials.username" />, value.userName ?? '—'],
    [<FormattedMessage id="mqtt-client-credentials.scram-algorithm" />, value.algorithm ?? '—'],
    [<FormattedMessage id="mqtt-client-credentials.pub-rules" />, <Patterns patterns={rules.pub} />],
    [<FormattedMessage id="mqtt-client-credentials.sub-rules" />, <Patterns patterns={rules.sub} />],
    [<FormattedMessage id="mqtt-client-credentials.description" />, credentials.additionalInfo?.description ?? '—'],
  ];
  return (
    <>
      <DialogBody>
        <Callout compact intent="primary">
          <FormattedMessage id="mqtt-client-credentials.scram-read-only" />
        </Callout>
        <HTMLTable compact className="client-access__details" data-testid="scram-details">
          <tbody>
            {rows.map(([label, shown], index) => (
              <tr key={index}>
                <th scope="row">{label}</th>
                <td>{shown}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <CloseDialogFooter onClose={onClose} />
    </>
  );
}
