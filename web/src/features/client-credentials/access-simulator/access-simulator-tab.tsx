import { Button, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { PlayIcon } from '@blueprintjs/icons';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useSimulateMqttAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import type { AccessSimulationRequest } from '../../../api/generated/model/accessSimulationRequest';
import type { MqttAccessAction } from '../../../api/generated/model/mqttAccessAction';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { TextField } from '../../../components/form/text-field';
import { PasswordInput } from '../../../components/password-input/password-input';
import { AccessSimulationResultView } from './access-simulation-result-view';

interface SimulationValues {
  clientId: string;
  username: string;
  password: string;
  certificateCn: string;
  ipAddress: string;
  topic: string;
  action: MqttAccessAction;
  /** '' for a CONNECT with username and password; otherwise the SCRAM method of an MQTT 5 client. */
  authenticationMethod: '' | (typeof SCRAM_METHODS)[number];
}

const SCRAM_METHODS = ['SCRAM-SHA-256', 'SCRAM-SHA-512'] as const satisfies readonly NonNullable<AccessSimulationRequest['authenticationMethod']>[];

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** What POST /api/mqtt/accessSimulation takes; blank optional fields are left out (a password is then not checked). */
export function simulationRequestOf(values: SimulationValues): AccessSimulationRequest {
  return {
    clientId: values.clientId.trim(),
    username: optional(values.username),
    password: values.password === '' ? undefined : values.password,
    certificateCn: optional(values.certificateCn),
    ipAddress: optional(values.ipAddress),
    topic: values.topic.trim(),
    action: values.action,
    ...(values.authenticationMethod === '' ? {} : { authenticationMethod: values.authenticationMethod }),
  };
}

/** The access simulator (issue 6): would this client get in, and may it use this topic? Which rule decides? */
export function AccessSimulatorTab() {
  const intl = useIntl();
  const [values, setValues] = useState<SimulationValues>({ clientId: '', username: '', password: '', certificateCn: '', ipAddress: '', topic: '', action: 'PUBLISH', authenticationMethod: '' });
  const [submitted, setSubmitted] = useState(false);
  const simulate = useSimulateMqttAccess<ApiError>({ request: { ignoreErrors: true } });
  const change = (changes: Partial<SimulationValues>) => setValues((current) => ({ ...current, ...changes }));
  const required = (value: string) => (submitted && value.trim() === '' ? <FormattedMessage id="access-simulator.field-required" /> : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (values.clientId.trim() === '' || values.topic.trim() === '') return;
    simulate.mutate({ data: simulationRequestOf(values) });
  }

  return (
    <div className="access-simulator">
      <p className="client-access__muted">
        <FormattedMessage id="access-simulator.explanation" />
      </p>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'access-simulator.access-simulator' })} className="access-simulator__form">
        <div className="client-access__field-row">
          <TextField id="simulator-client-id" label={<FormattedMessage id="mqtt-client-credentials.client-id" />} value={values.clientId} onValueChange={(clientId) => change({ clientId })} error={required(values.clientId)} required />
          <TextField id="simulator-username" label={<FormattedMessage id="mqtt-client-credentials.username" />} value={values.username} onValueChange={(username) => change({ username })} autoComplete="off" />
        </div>
        <div className="client-access__field-row">
          <FormGroup label={<FormattedMessage id="mqtt-client-credentials.password" />} labelFor="simulator-password" helperText={<FormattedMessage id="access-simulator.password-hint" />}>
            <PasswordInput id="simulator-password" autoComplete="off" value={values.password} onValueChange={(password) => change({ password })} />
          </FormGroup>
          <TextField id="simulator-ip-address" label={<FormattedMessage id="unauthorized-client.ip-address" />} value={values.ipAddress} onValueChange={(ipAddress) => change({ ipAddress })} />
        </div>
        <div className="client-access__field-row">
          <TextField id="simulator-certificate-cn" label={<FormattedMessage id="access-simulator.certificate-cn" />} value={values.certificateCn} onValueChange={(certificateCn) => change({ certificateCn })} />
          <FormGroup label={<FormattedMessage id="access-simulator.authentication" />} labelFor="simulator-authentication">
            <HTMLSelect
              id="simulator-authentication"
              fill
              value={values.authenticationMethod}
              onChange={(event) => change({ authenticationMethod: event.currentTarget.value as SimulationValues['authenticationMethod'] })}
            >
              <option value="">{intl.formatMessage({ id: 'access-simulator.authentication-password' })}</option>
              {SCRAM_METHODS.map((method) => (
                <option key={method} value={method}>
                  {intl.formatMessage({ id: 'access-simulator.authentication-scram' }, { method })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </div>
        <div className="client-access__field-row">
          <TextField id="simulator-topic" label={<FormattedMessage id="access-simulator.topic" />} value={values.topic} onValueChange={(topic) => change({ topic })} error={required(values.topic)} required />
          <RadioGroup label={intl.formatMessage({ id: 'access-simulator.action' })} inline selectedValue={values.action} onChange={(event) => change({ action: event.currentTarget.value as MqttAccessAction })}>
            <Radio value="PUBLISH" label={intl.formatMessage({ id: 'access-simulator.publish' })} />
            <Radio value="SUBSCRIBE" label={intl.formatMessage({ id: 'access-simulator.subscribe' })} />
          </RadioGroup>
        </div>
        <Button type="submit" intent="primary" icon={<PlayIcon />} loading={simulate.isPending} data-testid="simulate-access">
          <FormattedMessage id="access-simulator.simulate" />
        </Button>
      </form>
      <ApiErrorCallout error={simulate.error} />
      {simulate.data && <AccessSimulationResultView result={simulate.data} />}
    </div>
  );
}
