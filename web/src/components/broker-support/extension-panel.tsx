import { Callout } from '@blueprintjs/core';
import { DisableIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useExtension } from './broker-extensions';

interface ExtensionPanelProps {
  /** The extension name the panel's calls are marked with in openapi.yaml. */
  extension: string;
  children: ReactNode;
  /** What stands in its place on a broker without it: a short note by default; null shows nothing. */
  fallback?: ReactNode;
}

/**
 * One panel, card, column or action that needs a Starling extension: shown when the broker serves
 * it, replaced by a note (or nothing) when it does not, so that the rest of the page works.
 */
export function ExtensionPanel({ extension, children, fallback }: ExtensionPanelProps) {
  const state = useExtension(extension);
  if (state === 'available') return children;
  if (state === 'unknown') return null;
  if (fallback !== undefined) return fallback;
  return <ExtensionMissingNote />;
}

/** "Not on this broker": what a panel of an extension the broker lacks shows instead. */
export function ExtensionMissingNote() {
  return (
    <Callout className="extension-missing" compact icon={<DisableIcon />} intent="none">
      <FormattedMessage id="broker-support.extension-missing" />
    </Callout>
  );
}
