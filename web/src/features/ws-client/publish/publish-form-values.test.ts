import { describe, expect, it } from 'vitest';
import { EMPTY_PUBLISH_PROPERTIES } from './publish-properties-values';
import { NEW_PUBLISH_FORM, type PublishFormValues, publishFormValuesOf, publishMessageOf, validatePublishForm } from './publish-form-values';

const form = (changes: Partial<PublishFormValues> = {}): PublishFormValues => ({ ...NEW_PUBLISH_FORM, ...changes });
const errorIds = (errors: object) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]));
const withProperties = (changes: Partial<PublishFormValues['properties']>) => form({ properties: { ...EMPTY_PUBLISH_PROPERTIES, ...changes } });

describe('publishing (issue 15)', () => {
  it('starts at sensors/temperature with an empty text payload, ready to send', () => {
    expect(NEW_PUBLISH_FORM.topic).toBe('sensors/temperature');
    expect(validatePublishForm(NEW_PUBLISH_FORM, 5)).toEqual({});
    expect(publishMessageOf(NEW_PUBLISH_FORM, 5)).toEqual({ topic: 'sensors/temperature', qos: 0, retain: false, payload: '', payloadType: 'STRING' });
  });

  it('refuses a topic with a wildcard, and an empty one', () => {
    for (const topic of ['sensors/+', 'sensors/#', 'a/b#']) {
      expect(errorIds(validatePublishForm(form({ topic }), 5)), topic).toEqual({ topic: 'ws-client.publish.topic-wildcard' });
    }
    expect(errorIds(validatePublishForm(form({ topic: '  ' }), 5))).toEqual({ topic: 'ws-client.publish.topic-required' });
    expect(errorIds(validatePublishForm(form({ topic: 'a\u0000b' }), 5))).toEqual({ topic: 'ws-client.publish.topic-invalid' });
  });

  it('sends JSON as its text and refuses JSON that did not parse', () => {
    expect(publishMessageOf(form({ payload: { t: 21.5 }, payloadType: 'JSON' }), 5).payload).toBe('{"t":21.5}');
    expect(publishMessageOf(form({ payload: [1, 2], payloadType: 'JSON' }), 5).payload).toBe('[1,2]');
    expect(errorIds(validatePublishForm(form({ payload: null, payloadType: 'JSON' }), 5))).toEqual({ payload: 'ws-client.publish.payload-invalid' });
  });

  it('sends the MQTT 5 properties that are set, with units and user properties as entered', () => {
    const values = withProperties({
      contentType: 'text/plain',
      payloadFormatIndicator: true,
      messageExpiryInterval: 5,
      messageExpiryIntervalUnit: 'MINUTES',
      topicAlias: '3',
      responseTopic: 'replies/1',
      correlationData: 'abc',
      userProperties: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    const message = publishMessageOf(values, 5);
    expect(message.properties).toEqual({
      contentType: 'text/plain',
      payloadFormatIndicator: true,
      messageExpiryInterval: 5,
      messageExpiryIntervalUnit: 'MINUTES',
      topicAlias: 3,
      responseTopic: 'replies/1',
      correlationData: 'abc',
      userProperties: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    expect(publishFormValuesOf(message)).toEqual(values);
  });

  it('leaves the properties out, unchecked, on MQTT 3.x', () => {
    const values = withProperties({ topicAlias: '0', responseTopic: 'a/#', contentType: 'x' });
    expect(validatePublishForm(values, 4)).toEqual({});
    expect(publishMessageOf(values, 4).properties).toBeUndefined();
    expect(publishMessageOf(values, 3).properties).toBeUndefined();
  });

  it('checks the MQTT 5 properties on MQTT 5', () => {
    const values = withProperties({ topicAlias: '0', responseTopic: 'a/#', messageExpiryInterval: 4_294_967_296, userProperties: [{ key: ' ', value: 'x' }] });
    expect(errorIds(validatePublishForm(values, 5))).toEqual({
      topicAlias: 'ws-client.publish.topic-alias-invalid',
      responseTopic: 'ws-client.publish.response-topic-invalid',
      messageExpiryInterval: 'ws-client.publish.message-expiry-invalid',
      userProperties: 'ws-client.publish.user-property-key-required',
    });
    expect(errorIds(validatePublishForm(withProperties({ messageExpiryInterval: 71_582_789, messageExpiryIntervalUnit: 'MINUTES' }), 5))).toEqual({
      messageExpiryInterval: 'ws-client.publish.message-expiry-invalid',
    });
  });
});
