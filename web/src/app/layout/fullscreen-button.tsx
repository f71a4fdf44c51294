import { Button, Tooltip } from '@blueprintjs/core';
import { FullscreenIcon, MinimizeIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import { useFullscreen } from './use-fullscreen';

export function FullscreenButton() {
  const intl = useIntl();
  const { fullscreen, toggle } = useFullscreen();
  const label = intl.formatMessage({ id: fullscreen ? 'fullscreen.exit' : 'fullscreen.expand' });
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        icon={fullscreen ? <MinimizeIcon /> : <FullscreenIcon />}
        aria-label={label}
        aria-pressed={fullscreen}
        onClick={toggle}
        data-testid="fullscreen-toggle"
      />
    </Tooltip>
  );
}
