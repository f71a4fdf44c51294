import { useEffect, useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';

/** How often the received-per-second figure is read again, messages or not. */
export const RATE_REFRESH_MS = 1000;

/** Messages received per second, read every second so that it falls to 0 when the traffic stops. */
export function IncomingRate({ rate }: { rate: () => number }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), RATE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <FormattedMessage id="ws-client.incoming-rate" values={{ rate: <FormattedNumber value={rate()} maximumFractionDigits={1} /> }} />;
}
