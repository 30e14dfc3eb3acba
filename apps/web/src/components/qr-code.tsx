import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy';

export interface QrCodeProps {
  value: string;
  /** px; SPEC section 9 default 200 */
  size?: number;
  /** quiet zone in px around the code; SPEC default 20 */
  margin?: number;
  level?: 'L' | 'M' | 'Q' | 'H';
  /** accessible name, e.g. "Android download QR code" */
  title?: string;
}

// The QR encoder is only needed inside a few modals; loading it apart keeps it out of every page's
// shared components chunk.
const QRCodeSVG = lazyNamed(() => import('qrcode.react'), 'QRCodeSVG');

export function QrCode({ value, size = 200, margin = 20, level = 'M', title }: QrCodeProps) {
  // qrcode.react counts its margin in modules; the quiet zone is padding in px so it matches SPEC.
  return (
    <div
      className="ui-qr-code"
      style={{ display: 'inline-block', padding: margin, background: '#fff', borderRadius: 8, lineHeight: 0 }}
    >
      {/* The box keeps its size while the encoder loads, so the modal does not jump. */}
      <Suspense fallback={<div style={{ width: size, height: size }} aria-hidden="true" />}>
        <QRCodeSVG
          value={value}
          size={size}
          level={level}
          title={title}
          bgColor="#ffffff"
          fgColor="#000000"
        />
      </Suspense>
    </div>
  );
}
