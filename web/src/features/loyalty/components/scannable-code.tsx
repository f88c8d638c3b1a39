// A loyalty card's code as the till scans it, in the configured scannableCodeFormat
// (SPEC.md section 9: QR_CODE by default). Loaded only with the member area.

import { encode } from 'uqr';
import { useTranslate } from '@/lib/i18n';
import { qrPath } from '../utils/qr-path';
import styles from './account/account.module.css';

/** The QR code's quiet zone, in modules, that scanners need around it. */
const QUIET_ZONE = 4;

export function ScannableCode({ value, format = 'QR_CODE' }: { value: string; format?: string }) {
  const t = useTranslate();
  const label = t('loyalty.cards.codeLabel', [value]);
  if (format !== 'QR_CODE') {
    // Other formats are printed for the cashier to key in: the code itself, large.
    return (
      <p className={styles.codeText} aria-label={label} data-format={format}>
        {value}
      </p>
    );
  }
  const { data, size } = encode(value, { border: 0 });
  const box = size + QUIET_ZONE * 2;
  return (
    <figure className={styles.code}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
        shapeRendering="crispEdges"
        data-testid="scannable-code"
        data-format={format}
      >
        <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
        <path d={qrPath(data)} fill="#000" />
      </svg>
      <figcaption>{value}</figcaption>
    </figure>
  );
}
