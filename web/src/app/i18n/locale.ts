import type { MessageFormatElement } from 'react-intl';
import type englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { underBase } from '../../api/base-path';
import { UserAdditionalInfoLang } from '../../api/generated/model/userAdditionalInfoLang';

export type Lang = UserAdditionalInfoLang;

/** Spec section 1: English and German, English by default. */
export const DEFAULT_LANG: Lang = UserAdditionalInfoLang.en_US;

/** The BCP 47 tag the Intl formatters need for each of the spec's language codes. */
export const LOCALE_TAGS: Record<Lang, string> = {
  en_US: 'en-US',
  de_DE: 'de-DE',
};

/**
 * Every language has the keys of the en_US file (a unit test keeps the files in step), each message
 * compiled to the syntax tree react-intl formats (compiled-messages-plugin.ts).
 */
export type Messages = Record<keyof typeof englishMessages, MessageFormatElement[]>;

/** Spec section 7, call table: GET ./assets/locale/locale.constant-{lang}.json, compiled by the build. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  const response = await fetch(underBase(`assets/locale/locale.constant-${lang}.json`));
  if (!response.ok) throw new Error(`Locale ${lang} answered ${response.status}`);
  return (await response.json()) as Messages;
}
