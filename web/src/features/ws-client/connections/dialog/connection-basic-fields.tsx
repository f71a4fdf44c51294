import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { bindTextField } from '../../../../components/form/bind-text-field';
import { TextField } from '../../../../components/form/text-field';
import type { ConnectionFieldsProps } from './connection-fields-props';
import type { WsProtocol } from '../form/connection-url';
import { randomClientId } from '../form/random-client-id';

interface ConnectionBasicFieldsProps extends ConnectionFieldsProps {
  /** The broker's secure web-socket port, when it has that listener. */
  wssPort: number | undefined;
  /** The broker's plain web-socket port. */
  wsPort: number;
}

/** Name, the broker's URL in parts, and the client id (with a button for a new random one). */
export function ConnectionBasicFields({ values, onChange, errors, brokerError, wssPort, wsPort }: ConnectionBasicFieldsProps) {
  const intl = useIntl();
  // The broker names `url` as a whole: its error shows at the host.
  const urlError = brokerError?.field === 'url' ? { field: 'host', message: brokerError.message } : brokerError;
  const fieldProps = bindTextField('ws-connection', values, onChange, { errors, brokerError: urlError });
  const clientId = fieldProps('clientId');

  function changeProtocol(protocol: WsProtocol) {
    // The port follows the protocol while it is the broker's own for the other one.
    const brokerPort = String(protocol === 'wss' ? (wssPort ?? wsPort) : wsPort);
    const otherPort = String(protocol === 'wss' ? wsPort : (wssPort ?? wsPort));
    onChange({ protocol, ...(values.port === otherPort ? { port: brokerPort } : {}) });
  }

  return (
    <>
      <TextField {...fieldProps('name')} label={<FormattedMessage id="ws-client.connection.name" />} required autoFocus />
      <div className="ws-client__url-row">
        <FormGroup label={<FormattedMessage id="ws-client.connection.protocol" />} labelFor="ws-connection-protocol">
          <HTMLSelect id="ws-connection-protocol" value={values.protocol} onChange={(event) => changeProtocol(event.target.value as WsProtocol)}>
            {(['ws', 'wss'] as const).map((protocol) => (
              <option key={protocol} value={protocol} disabled={protocol === 'wss' && wssPort === undefined}>
                {`${protocol}://`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <TextField {...fieldProps('host')} label={<FormattedMessage id="ws-client.connection.host" />} required />
        <TextField {...fieldProps('port')} label={<FormattedMessage id="ws-client.connection.port" />} type="number" />
        <TextField {...fieldProps('path')} label={<FormattedMessage id="ws-client.connection.path" />} placeholder="/mqtt" />
      </div>
      {wssPort === undefined && (
        <p className="ws-client__muted">
          <FormattedMessage id="ws-client.connection.wss-unavailable" />
        </p>
      )}
      <FormGroup label={<FormattedMessage id="ws-client.connection.client-id" />} labelFor={clientId.id} labelInfo="*" helperText={clientId.error} intent={clientId.error ? 'danger' : 'none'}>
        <InputGroup
          id={clientId.id}
          value={clientId.value}
          onValueChange={clientId.onValueChange}
          intent={clientId.error ? 'danger' : 'none'}
          aria-invalid={Boolean(clientId.error)}
          autoComplete="off"
          rightElement={
            <Button
              variant="minimal"
              icon={<RefreshIcon />}
              aria-label={intl.formatMessage({ id: 'ws-client.connection.regenerate-client-id' })}
              title={intl.formatMessage({ id: 'ws-client.connection.regenerate-client-id' })}
              onClick={() => onChange({ clientId: randomClientId() })}
            />
          }
        />
      </FormGroup>
    </>
  );
}
