import { describe, expect, it } from 'vitest';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';
import { completeOrder, moveInOrder, orderSettingsOf, providersInOrder } from './provider-order';

const provider = (type: ShortMqttAuthProvider['type']): ShortMqttAuthProvider => ({ id: type, type, enabled: true, createdTime: 0 });

describe('provider order (openapi.yaml MqttAuthorizationSettings)', () => {
  it('lists providers in the stored priorities, SCRAM apart', () => {
    const providers = ['MQTT_BASIC', 'SCRAM', 'JWT', 'X_509', 'HTTP'].map((type) => provider(type as ShortMqttAuthProvider['type']));
    const { ordered, apart } = providersInOrder(providers, completeOrder(['JWT', 'HTTP', 'MQTT_BASIC', 'X_509']));
    expect(ordered.map((row) => row.type)).toEqual(['JWT', 'HTTP', 'MQTT_BASIC', 'X_509']);
    expect(apart.map((row) => row.type)).toEqual(['SCRAM']);
  });

  it('puts a type the priorities leave out after them, and drops repeats', () => {
    expect(completeOrder(['HTTP', 'HTTP', 'JWT'])).toEqual(['HTTP', 'JWT', 'MQTT_BASIC', 'X_509']);
    expect(completeOrder(undefined)).toEqual(['MQTT_BASIC', 'X_509', 'JWT', 'HTTP']);
  });

  it('moves one place up or down and not past either end', () => {
    const order = completeOrder(undefined);
    expect(moveInOrder(order, 2, -1)).toEqual(['MQTT_BASIC', 'JWT', 'X_509', 'HTTP']);
    expect(moveInOrder(order, 0, -1)).toEqual(order);
    expect(moveInOrder(order, 3, 1)).toEqual(order);
  });

  it('saves over the stored row with its id', () => {
    const stored = { id: 'row-1', createdTime: 5, key: 'mqttAuthorization' as const, jsonValue: { priorities: completeOrder(undefined) } };
    expect(orderSettingsOf(stored, ['JWT', 'MQTT_BASIC', 'X_509', 'HTTP'])).toEqual({ ...stored, jsonValue: { priorities: ['JWT', 'MQTT_BASIC', 'X_509', 'HTTP'] } });
  });
});
