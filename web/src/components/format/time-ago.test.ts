import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { formatTimeAgo } from './time-ago';

const english = createIntl({ locale: 'en-US', messages: englishMessages });
const german = createIntl({ locale: 'de-DE', messages: germanMessages });
const NOW = Date.parse('2026-03-01T12:00:00Z');
const secondsAgo = (seconds: number) => NOW - seconds * 1000;

describe('time ago (spec section 9, "just now")', () => {
  it('says "just now" for ages under 29 seconds', () => {
    expect(formatTimeAgo(english, secondsAgo(0), NOW)).toBe('just now');
    expect(formatTimeAgo(english, secondsAgo(28), NOW)).toBe('just now');
    expect(formatTimeAgo(english, NOW - 28_999, NOW)).toBe('just now');
  });

  it('gives the age from 29 seconds on', () => {
    expect(formatTimeAgo(english, secondsAgo(29), NOW)).toBe('29 seconds ago');
  });

  it('counts in the largest whole unit', () => {
    expect(formatTimeAgo(english, secondsAgo(90), NOW)).toBe('1 minute ago');
    expect(formatTimeAgo(english, secondsAgo(5 * 3600 + 59), NOW)).toBe('5 hours ago');
    expect(formatTimeAgo(english, secondsAgo(3 * 86_400), NOW)).toBe('3 days ago');
    expect(formatTimeAgo(english, secondsAgo(400 * 86_400), NOW)).toBe('1 year ago');
  });

  it('treats a moment slightly in the future (clock skew) as just now', () => {
    expect(formatTimeAgo(english, NOW + 5000, NOW)).toBe('just now');
  });

  it('speaks the reader’s language', () => {
    expect(formatTimeAgo(german, secondsAgo(10), NOW)).toBe('gerade eben');
    expect(formatTimeAgo(german, secondsAgo(120), NOW)).toBe('vor 2 Minuten');
  });
});
