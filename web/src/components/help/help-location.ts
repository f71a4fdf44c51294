import { basePath } from '../../api/base-path';
import { UserAdditionalInfoLang } from '../../api/generated/model/userAdditionalInfoLang';

export type HelpLang = UserAdditionalInfoLang;

/** Spec section 1: help falls back to the default language, English. */
export const DEFAULT_HELP_LANG: HelpLang = UserAdditionalInfoLang.en_US;

/** Where help pages come from: the base that holds `help/`, the console's own address and the language. */
export interface HelpLocation {
  helpBase: string;
  consoleRoot: string;
  lang: HelpLang;
}

/** The console's own address, e.g. `https://broker.example.com` (no trailing slash). */
export function consoleRootUrl(): string {
  return new URL(basePath(), window.location.origin).href.replace(/\/+$/, '');
}

/**
 * Spec section 7: GET /api/uiSettings/helpBaseUrl names the base of the help pages; an empty answer
 * means the console's own assets.
 */
export function resolveHelpBase(configured: string | undefined, consoleRoot: string): string {
  const base = configured?.trim() ?? '';
  return (base === '' ? consoleRoot : base).replace(/\/+$/, '');
}

/** The help language of a react-intl locale tag, e.g. `de-DE` → `de_DE`; unknown tags read English. */
export function helpLangOfLocale(locale: string): HelpLang {
  return Object.values(UserAdditionalInfoLang).find((lang) => lang.replace('_', '-') === locale) ?? DEFAULT_HELP_LANG;
}

/** Spec section 7: `{helpBase}/help/{lang}/{file}`. */
export function helpFileUrl(helpBase: string, lang: HelpLang, file: string): string {
  return `${helpBase}/help/${lang}/${file}`;
}
