import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { ENTITY_TYPES, entityLabels, type EntityLabelSet } from './entity-labels';

// Spec section 3: twelve entity types, each with labels for type, plural, list, details, add, empty
// text, search and selected items, in both languages (spec section 1).

const LANGUAGES = [
  { locale: 'en-US', messages: englishMessages as Record<string, string> },
  { locale: 'de-DE', messages: germanMessages as Record<string, string> },
];
const LABELS: (keyof EntityLabelSet)[] = ['type', 'plural', 'list', 'details', 'add', 'emptyText', 'search', 'selectedItems'];

describe('entity labels (spec section 3)', () => {
  it('cover exactly the twelve entity types of the spec', () => {
    expect(ENTITY_TYPES).toEqual([
      'USER',
      'MQTT_CLIENT_CREDENTIALS',
      'MQTT_SESSION',
      'SHARED_SUBSCRIPTION',
      'SHARED_SUBSCRIPTION_GROUP',
      'RETAINED_MESSAGE',
      'KAFKA_TOPIC',
      'KAFKA_CONSUMER_GROUP',
      'KAFKA_BROKER',
      'WS_CONNECTION',
      'WS_SUBSCRIPTION',
      'WS_MESSAGE',
    ]);
  });

  describe.each(LANGUAGES)('in $locale', ({ locale, messages }) => {
    const intl = createIntl({ locale, messages, onError: (error) => expect.fail(error.message) });

    it.each(ENTITY_TYPES)('%s has every label, each its own text', (type) => {
      const texts = LABELS.map((label) => intl.formatMessage(entityLabels[type][label], { count: 2 }));
      for (const [index, label] of LABELS.entries()) {
        const { id } = entityLabels[type][label];
        expect(messages[String(id)], `${type}.${label} (${String(id)})`).toBeTruthy();
        expect(texts[index]).not.toBe(id);
      }
      // Only the type and its plural may read alike (client credentials, Benutzer).
      expect(new Set(texts.slice(1)).size).toBe(LABELS.length - 1);
    });

    it.each(ENTITY_TYPES)('%s counts its list and its selection, one apart from many', (type) => {
      for (const label of ['list', 'selectedItems'] as const) {
        const one = intl.formatMessage(entityLabels[type][label], { count: 1 });
        const many = intl.formatMessage(entityLabels[type][label], { count: 3 });
        expect(many).toContain('3');
        expect(one).not.toContain('1');
        expect(one).not.toBe(many);
      }
    });
  });
});
