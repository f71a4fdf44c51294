import { describe, expect, it } from 'vitest';
import type { Integration } from '../../api/generated/model/integration';
import { brokerErrorField, emptyIntegrationForm, integrationFormValuesOf, integrationInputOf, type IntegrationFormValues, validateIntegrationForm } from './integration-form';

const http = (changes: Partial<IntegrationFormValues> = {}): IntegrationFormValues => ({ ...emptyIntegrationForm('HTTP'), name: 'to-service', restEndpointUrl: 'http://localhost:8080/in', topicFilters: ['sensors/#'], ...changes });

describe('integration form rules (the broker’s, mock-broker/src/integrations/client-settings.ts)', () => {
  it('starts each type with the defaults operators know', () => {
    const httpForm = emptyIntegrationForm('HTTP');
    expect([httpForm.requestMethod, httpForm.payloadContentType, httpForm.readTimeoutMs, httpForm.maxParallelRequestsCount, httpForm.maxInMemoryBufferSizeInKb]).toEqual(['POST', 'JSON', '0', '0', '256']);
    expect(httpForm.headers).toEqual([{ key: 'Content-Type', value: 'application/json' }]);
    const mqtt = emptyIntegrationForm('MQTT');
    expect([mqtt.port, mqtt.mqttVersion, mqtt.qos, mqtt.connectTimeoutSec, mqtt.reconnectPeriodSec, mqtt.keepAliveSec]).toEqual(['1883', '4', '1', '10', '5', '60']);
    expect(mqtt.clientId).toMatch(/^starling-ie-[A-Za-z0-9]{10}$/);
    expect(emptyIntegrationForm('MQTT').clientId).not.toBe(mqtt.clientId);
    const kafka = emptyIntegrationForm('KAFKA');
    expect([kafka.acks, kafka.compression, kafka.retries, kafka.batchSize, kafka.linger, kafka.bufferMemory]).toEqual(['-1', 'none', '0', '16384', '0', '33554432']);
  });

  it('accepts a complete HTTP integration and refuses what the broker refuses', () => {
    expect(validateIntegrationForm(http(), false)).toEqual({});
    expect(validateIntegrationForm(http({ name: ' ', restEndpointUrl: 'ftp://host/x' }), false)).toEqual({ name: 'required', restEndpointUrl: 'url-invalid' });
    expect(validateIntegrationForm(http({ topicFilters: [] }), false).topicFilters).toBe('topic-filters-required');
    expect(validateIntegrationForm(http({ topicFilters: ['a/#', 'a/b#'] }), false).topicFilters).toBe('topic-filter-invalid');
    expect(validateIntegrationForm(http({ readTimeoutMs: '-1', maxInMemoryBufferSizeInKb: '0', maxParallelRequestsCount: '1.5' }), false)).toEqual({
      readTimeoutMs: 'not-negative',
      maxInMemoryBufferSizeInKb: 'positive',
      maxParallelRequestsCount: 'whole-number',
    });
    expect(validateIntegrationForm(http({ headers: [{ key: 'Bad Header', value: 'x' }] }), false).headers).toBe('header-name');
  });

  it('checks the MQTT target topic, port and keep-alive', () => {
    const mqtt = { ...emptyIntegrationForm('MQTT'), name: 'bridge', host: 'other-broker', topicFilters: ['a/+'] };
    expect(validateIntegrationForm(mqtt, false)).toEqual({});
    expect(validateIntegrationForm({ ...mqtt, topicName: 'out/+/x', port: '0', keepAliveSec: '70000' }, false)).toEqual({ topicName: 'topic-wildcards', port: 'port-range', keepAliveSec: 'keep-alive-range' });
    expect(validateIntegrationForm({ ...mqtt, topicName: '$SYS/x' }, false).topicName).toBe('topic-dollar');
    // The source topic in use: no target topic needed.
    expect(validateIntegrationForm({ ...mqtt, topicName: '', useMsgTopicName: true }, false)).toEqual({});
  });

  it('checks Kafka bootstrap servers, topic name and ssl properties', () => {
    const kafka = { ...emptyIntegrationForm('KAFKA'), name: 'to-kafka', topic: 'mqtt.out', topicFilters: ['a/+'] };
    expect(validateIntegrationForm(kafka, false)).toEqual({});
    expect(validateIntegrationForm({ ...kafka, bootstrapServers: 'a:9092, b', topic: 'bad topic' }, false)).toEqual({ bootstrapServers: 'bootstrap-servers', topic: 'kafka-topic' });
    expect(validateIntegrationForm({ ...kafka, otherProperties: [{ key: 'ssl.truststore.location', value: '/x' }] }, false).otherProperties).toBe('ssl-without-protocol');
  });

  it('asks for a password only when adding: on edit an empty one keeps the stored one', () => {
    const basic = http({ credentialsType: 'basic', username: 'svc' });
    expect(validateIntegrationForm(basic, false).password).toBe('required');
    expect(validateIntegrationForm(basic, true).password).toBeUndefined();
    expect(validateIntegrationForm(http({ credentialsType: 'cert.PEM' }), false)).toEqual({ cert: 'required', privateKey: 'required' });
  });

  it('sends numbers as numbers and maps as objects, and reads them back', () => {
    const input = integrationInputOf(http({ metadata: [{ key: 'site', value: 'north' }, { key: ' ', value: 'ignored' }], readTimeoutMs: '2500' }), null);
    expect(input.configuration.metadata).toEqual({ site: 'north' });
    expect(input.configuration.clientConfiguration).toMatchObject({ restEndpointUrl: 'http://localhost:8080/in', readTimeoutMs: 2500, headers: { 'Content-Type': 'application/json' }, credentials: { type: 'anonymous' } });
    const stored: Integration = { ...input, id: 'i-1', configuration: { ...input.configuration, clientConfiguration: { ...input.configuration.clientConfiguration, credentials: { type: 'basic', username: 'svc' } } } };
    const back = integrationFormValuesOf(stored);
    expect([back.readTimeoutMs, back.credentialsType, back.username, back.password]).toEqual(['2500', 'basic', 'svc', '']);
    expect(integrationInputOf(back, stored).id).toBe('i-1');
  });

  it('finds the form field a broker refusal names', () => {
    expect(brokerErrorField('body.configuration.clientConfiguration.host cannot be empty')).toBe('host');
    expect(brokerErrorField('configuration.clientConfiguration.credentials.username is required for basic credentials')).toBe('username');
    expect(brokerErrorField('configuration.topicFilters[0] is not a topic filter')).toBe('topicFilters');
    expect(brokerErrorField('A node keeps at most 100 integrations')).toBeUndefined();
  });
});
