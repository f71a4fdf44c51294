/** An integration as the API answers it (openapi.yaml Integration), in the production broker's shape. */

export const INTEGRATION_TYPES = ['HTTP', 'MQTT', 'KAFKA'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export type CredentialsType = 'anonymous' | 'basic' | 'cert.PEM';

export interface IntegrationCredentials {
  type: CredentialsType;
  username?: string;
  password?: string;
  caCertFileName?: string | null;
  caCert?: string | null;
  certFileName?: string | null;
  cert?: string | null;
  privateKeyFileName?: string | null;
  privateKey?: string | null;
  privateKeyPassword?: string | null;
}

/** The target's settings as sent: which fields apply depends on the type (client-settings.ts reads them). */
export type ClientConfiguration = Record<string, unknown> & { credentials?: IntegrationCredentials };

export interface IntegrationConfiguration {
  topicFilters: string[];
  clientConfiguration: ClientConfiguration;
  metadata?: Record<string, string> | null;
}

/** How the integration's last start went: null before it started and while it is stopped. */
export interface IntegrationStatus {
  success: boolean;
  serviceId?: string;
  error?: string;
}

export interface StoredIntegration {
  id: string;
  createdTime: number;
  name: string;
  type: IntegrationType;
  enabled: boolean;
  /** When it was last saved disabled; 0 while enabled. */
  disconnectedTime: number;
  configuration: IntegrationConfiguration;
  additionalInfo: Record<string, unknown> | null;
  status: IntegrationStatus | null;
}

/** Starling's `delivery` (openapi.yaml IntegrationDelivery). */
export type DeliveryState = 'STOPPED' | 'IDLE' | 'SENDING' | 'RETRYING' | 'FAILED';

export interface DeliveryView {
  state: DeliveryState;
  sent: number;
  failed: number;
  retried: number;
  dropped: number;
  backlogMessages: number;
  backlogBytes: number;
  maxBacklogBytes: number;
  lastError?: string;
  lastErrorTime?: number;
  nextRetryTime?: number;
}

/** Fields of the credentials never answered: saving without them keeps the stored ones. */
export const SECRET_CREDENTIAL_FIELDS = ['password', 'privateKey', 'privateKeyPassword'] as const;
