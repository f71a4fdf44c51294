import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { PageLoading } from '../../components/page-loading/page-loading';
import { DEFAULT_LANG, LOCALE_TAGS, type Lang, loadMessages, type Messages } from './locale';

interface LoadedLocale {
  lang: Lang;
  messages: Messages;
}

/**
 * Loads the translations of the given language and provides them to react-intl. While another
 * language loads, the current one stays on screen; a language that fails to load falls back to en_US.
 */
export function LocaleProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [locale, setLocale] = useState<LoadedLocale | null>(null);

  useEffect(() => {
    let current = true;
    const show = (loaded: LoadedLocale) => {
      if (current) setLocale(loaded);
    };
    loadMessages(lang)
      .then((messages) => show({ lang, messages }))
      .catch(() => loadMessages(DEFAULT_LANG).then((messages) => show({ lang: DEFAULT_LANG, messages })))
      // With no translations at all, react-intl shows the message ids rather than nothing.
      .catch(() => show({ lang: DEFAULT_LANG, messages: {} as Messages }));
    return () => {
      current = false;
    };
  }, [lang]);

  useEffect(() => {
    if (locale) document.documentElement.lang = LOCALE_TAGS[locale.lang];
  }, [locale]);

  if (locale === null) return <PageLoading />;
  return (
    <IntlProvider locale={LOCALE_TAGS[locale.lang]} defaultLocale={LOCALE_TAGS[DEFAULT_LANG]} messages={locale.messages}>
      {children}
    </IntlProvider>
  );
}
