import { FormattedMessage, FormattedNumber } from 'react-intl';
import { dataSizeOf } from './data-size';

const MESSAGE_IDS = { byte: 'data-size.bytes', KB: 'data-size.kilobytes', MB: 'data-size.megabytes', GB: 'data-size.gigabytes' } as const;

/** A data size in the reader's language, e.g. "512 bytes", "1.5 KB" ("1,5 KB" in German). */
export function DataSizeText({ bytes }: { bytes: number }) {
  const { value, unit } = dataSizeOf(bytes);
  return <FormattedMessage id={MESSAGE_IDS[unit]} values={{ count: value, size: <FormattedNumber value={value} maximumFractionDigits={1} /> }} />;
}
