import { describe, expect, it } from 'vitest';
import { PROVIDER_TYPE_ABOUT, PROVIDER_TYPE_NAMES, providerTypeName } from './provider-type-names';

describe('provider type names', () => {
  it('names each of the five provider types, and describes each', () => {
    expect(Object.keys(PROVIDER_TYPE_NAMES).sort()).toEqual(['HTTP', 'JWT', 'MQTT_BASIC', 'SCRAM', 'X_509']);
    expect(Object.keys(PROVIDER_TYPE_ABOUT).sort()).toEqual(Object.keys(PROVIDER_TYPE_NAMES).sort());
  });

  it("gives the message of a type an answer names, and none for a type this console does not know (shown as the broker wrote it)", () => {
    expect(providerTypeName('SCRAM')).toBe('auth-provider.type-scram');
    expect(providerTypeName('MQTT_BASIC')).toBe('auth-provider.type-mqtt-basic');
    expect(providerTypeName('LDAP')).toBeUndefined();
    expect(providerTypeName('toString')).toBeUndefined();
  });
});
