import type englishMessages from '../public/assets/locale/locale.constant-en_US.json';

// Message ids are type-checked against the en_US locale file (STYLE.md rule 7): a FormattedMessage,
// formatMessage or defineMessages id that the file lacks fails the type-check.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof englishMessages;
    }
  }
}
