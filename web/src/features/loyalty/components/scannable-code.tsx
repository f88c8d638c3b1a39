// A loyalty card's code as the till scans it, in the configured scannableCodeFormat
// (docs/loyalty.md#cards: QR_CODE by default; CODE_128 and CODE_39 as linear barcodes). Loaded
// only with the member area.

import { encode } from 'uqr';
import { useTranslate } from '@/state/i18n';
import { barModules, barsPath, symbolWidth } from '../utils/barcode';
import { qrPath } from '../utils/qr-path';
import styles from './account/account.module.css';

/** The QR code's quiet zone, in modules, that scanners need around it. */
const QR_QUIET_ZONE = 4;
/** A linear barcode's height in modules: well above the symbologies' 15 % of the width for a member's code. */
const BAR_HEIGHT = 50;

/** The code's area as x, y, width and height, quiet zone included: white under the dark modules. */
type Box = [number, number, number, number];

type CodeFigureProps = {
  value: string;
  format: string;
  label: string;
  box: Box;
  /** The dark modules, in the box's units. */
  path: string;
  className?: string;
};

function CodeFigure({ value, format, label, box, path, className }: CodeFigureProps) {
  const [x, y, width, height] = box;
  return (
    <figure className={className ? `${styles.code} ${className}` : styles.code}>
      <svg role="img" aria-label={label} viewBox={box.join(' ')} shapeRendering="crispEdges" data-testid="scannable-code" data-format={format}>
        <rect x={x} y={y} width={width} height={height} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption>{value}</figcaption>
    </figure>
  );
}

export function ScannableCode({ value, format = 'QR_CODE' }: { value: string; format?: string }) {
  const t = useTranslate();
  const code = { value, format, label: t('loyalty.cards.codeLabel', [value]) };
  if (format === 'QR_CODE') {
    const { data, size } = encode(value, { border: 0 });
    const box = size + QR_QUIET_ZONE * 2;
    return <CodeFigure {...code} box={[-QR_QUIET_ZONE, -QR_QUIET_ZONE, box, box]} path={qrPath(data)} />;
  }
  const modules = barModules(format, value);
  if (modules) {
    const box: Box = [0, 0, symbolWidth(modules), BAR_HEIGHT];
    return <CodeFigure {...code} box={box} path={barsPath(modules, BAR_HEIGHT)} className={styles.barcode} />;
  }
  // Other formats, and codes a format cannot hold, are printed for the cashier to key in.
  return (
    <p className={styles.codeText} aria-label={code.label} data-format={format}>
      {value}
    </p>
  );
}
