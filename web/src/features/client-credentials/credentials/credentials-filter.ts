import { ClientType } from '../../../api/generated/model/clientType';
import { MqttCredentialsType } from '../../../api/generated/model/mqttCredentialsType';
import { readListParam } from '../shared/url-list-param';

/** The list filter of the client credentials page, kept in the URL (home links to ?clientTypeList=DEVICE). */
export interface CredentialsFilter {
  clientTypeList: ClientType[];
  credentialsTypeList: MqttCredentialsType[];
}

export const CLIENT_TYPES = Object.values(ClientType);
export const CREDENTIALS_TYPES = Object.values(MqttCredentialsType);

export function credentialsFilterOf(params: URLSearchParams): CredentialsFilter {
  return {
    clientTypeList: readListParam(params, 'clientTypeList', CLIENT_TYPES),
    credentialsTypeList: readListParam(params, 'credentialsTypeList', CREDENTIALS_TYPES),
  };
}

/** Message ids of the credentials types. */
export const credentialsTypeLabels: Record<MqttCredentialsType, 'mqtt-client-credentials.type-mqtt-basic' | 'mqtt-client-credentials.type-x509' | 'mqtt-client-credentials.type-scram'> = {
  MQTT_BASIC: 'mqtt-client-credentials.type-mqtt-basic',
  X_509: 'mqtt-client-credentials.type-x509',
  SCRAM: 'mqtt-client-credentials.type-scram',
};
