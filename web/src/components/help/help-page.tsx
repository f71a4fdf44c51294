import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetHelpBaseUrlQueryKey, useGetHelpBaseUrl } from '../../api/generated/endpoints/app/app';
import { useExtension } from '../broker-support/broker-extensions';
import { LazyMarkdownViewer } from '../markdown-viewer/lazy-markdown-viewer';
import type { HelpId } from './help-ids';
import { consoleRootUrl, type HelpLocation, helpLangOfLocale, resolveHelpBase } from './help-location';
import { loadHelpMarkdown } from './help-markdown';

/** One help page in the reader's language (spec sections 2 and 7); "Not found" when no language has it. */
export function HelpPage({ helpId }: { helpId: HelpId }) {
  const intl = useIntl();
  // Help files do not change while the console runs: fetch the base and each page once. The base is
  // a Starling extension: a broker without it (TBMQ) is not asked, and the console's own files serve.
  const baseExtension = useExtension('helpBaseUrl');
  const helpBaseUrl = useGetHelpBaseUrl({
    query: { queryKey: getGetHelpBaseUrlQueryKey(), staleTime: Number.POSITIVE_INFINITY, enabled: baseExtension === 'available' },
    request: { ignoreErrors: true },
  });
  const consoleRoot = consoleRootUrl();
  // A broker that cannot answer the base still has the console's own help files.
  const baseSettled = baseExtension === 'missing' || helpBaseUrl.isSuccess || helpBaseUrl.isError;
  const location: HelpLocation = {
    helpBase: resolveHelpBase(helpBaseUrl.data, consoleRoot),
    consoleRoot,
    lang: helpLangOfLocale(intl.locale),
  };
  const page = useQuery({
    queryKey: ['help-page', location.helpBase, location.lang, helpId],
    queryFn: ({ signal }) => loadHelpMarkdown(helpId, location, { signal }),
    enabled: baseSettled,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!baseSettled || page.isPending) return <Spinner size={24} />;
  if (page.data === null || page.data === undefined) {
    return (
      <Callout intent="warning">
        <FormattedMessage id="help.not-found" />
      </Callout>
    );
  }
  return <LazyMarkdownViewer markdown={page.data} />;
}
