import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { DISCONNECT_REASON_CODES, disconnectReasonMessage } from './disconnect-reasons';

const english = createIntl({ locale: 'en-US', messages: englishMessages, onError: () => undefined });
const german = createIntl({ locale: 'de-DE', messages: germanMessages, onError: () => undefined });
const text = (code: number, intl = english) => {
  const { values, ...descriptor } = disconnectReasonMessage(code);
  return intl.formatMessage(descriptor, values);
};

describe('MQTT disconnect reason texts (spec section 8)', () => {
  it('names the codes as the spec does', () => {
    expect(text(0)).toBe('Normal disconnection');
    expect(text(4)).toBe('Disconnect with Will Message');
    expect(text(141)).toBe('Keep Alive timeout');
    expect(text(142)).toBe('Session taken over');
    expect(text(152)).toBe('Administrative action');
    expect(text(162)).toBe('Wildcard Subscriptions not supported');
  });

  it('has a text for every code of the spec in both languages', () => {
    expect(DISCONNECT_REASON_CODES).toHaveLength(30);
    for (const intl of [english, german]) {
      for (const code of DISCONNECT_REASON_CODES) {
        const { id } = disconnectReasonMessage(code);
        expect(Object.keys(intl.messages), `${intl.locale} ${code}`).toContain(id);
      }
    }
    expect(text(152, german)).toBe('Administrative Maßnahme');
  });

  it('still says something for a code the spec does not list', () => {
    expect(text(7)).toBe('Reason code 7');
  });
});
