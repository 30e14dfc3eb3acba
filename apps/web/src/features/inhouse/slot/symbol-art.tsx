import type { SlotSymbolName } from '@platform/contract/client';
import type { ReactElement } from 'react';

/**
 * The slot's symbols, drawn for this project on a 100-unit square: the tiger (wild), the sky lantern
 * (scatter), peacock, elephant, boat, dhol drum, lotus, mango, hilsa and kite. Flat shapes, no text (the
 * page names every symbol in the current language), no brand. Decoration: the reel's cell carries the
 * symbol's name for screen readers.
 */
const art: Record<SlotSymbolName, ReactElement> = {
  tiger: (
    <>
      <circle cx="50" cy="50" r="46" fill="#7a1f1f" />
      <path d="M22 30 L30 12 L42 26 Z M78 30 L70 12 L58 26 Z" fill="#f08a24" />
      <ellipse cx="50" cy="54" rx="32" ry="30" fill="#f08a24" />
      <path
        d="M50 26 v10 M36 30 l4 9 M64 30 l-4 9 M20 52 h12 M21 62 l11 -4 M80 52 h-12 M79 62 l-11 -4"
        stroke="#1c1208"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <ellipse cx="50" cy="68" rx="16" ry="12" fill="#fbe6c8" />
      <circle cx="39" cy="48" r="5" fill="#fff6d6" />
      <circle cx="61" cy="48" r="5" fill="#fff6d6" />
      <circle cx="39" cy="48" r="2.5" fill="#1c1208" />
      <circle cx="61" cy="48" r="2.5" fill="#1c1208" />
      <path d="M44 62 h12 l-6 6 Z" fill="#3b2314" />
      <path d="M50 68 v5 M50 73 q-5 4 -9 1 M50 73 q5 4 9 1" stroke="#3b2314" strokeWidth="2" fill="none" />
    </>
  ),
  lantern: (
    <>
      <circle cx="50" cy="50" r="46" fill="#1d2a5c" />
      <circle cx="22" cy="24" r="2" fill="#fff6d6" />
      <circle cx="80" cy="30" r="1.6" fill="#fff6d6" />
      <circle cx="74" cy="78" r="1.8" fill="#fff6d6" />
      <path d="M32 22 Q50 12 68 22 L62 76 Q50 82 38 76 Z" fill="#ffb347" />
      <path d="M38 24 Q50 18 62 24 L58 72 Q50 76 42 72 Z" fill="#ffd77a" />
      <path d="M44 30 L56 30 M43 44 L57 44 M42 58 L58 58" stroke="#e58a1f" strokeWidth="2" />
      <ellipse cx="50" cy="80" rx="8" ry="4" fill="#7a3b0c" />
      <path d="M50 84 Q45 90 50 95 Q55 90 50 84 Z" fill="#ff6a2b" />
    </>
  ),
  peacock: (
    <>
      <circle cx="50" cy="50" r="46" fill="#0f4a4a" />
      <path d="M50 92 Q48 60 50 30" stroke="#7cc96b" strokeWidth="3" fill="none" />
      <path d="M50 70 Q30 60 24 40 M50 70 Q70 60 76 40" stroke="#7cc96b" strokeWidth="2" fill="none" />
      <ellipse cx="50" cy="38" rx="22" ry="26" fill="#2f9e6e" />
      <ellipse cx="50" cy="40" rx="15" ry="18" fill="#f2c14e" />
      <ellipse cx="50" cy="42" rx="10" ry="12" fill="#1f6fb2" />
      <ellipse cx="50" cy="44" rx="5" ry="6" fill="#14244a" />
    </>
  ),
  elephant: (
    <>
      <circle cx="50" cy="50" r="46" fill="#4b2a6b" />
      <ellipse cx="26" cy="44" rx="16" ry="20" fill="#9aa3b5" />
      <ellipse cx="74" cy="44" rx="16" ry="20" fill="#9aa3b5" />
      <ellipse cx="50" cy="44" rx="22" ry="22" fill="#b8c0cf" />
      <path d="M42 56 Q40 80 52 88 Q58 90 58 84 Q50 80 52 60 Z" fill="#b8c0cf" />
      <path
        d="M38 60 q-4 10 2 14 M62 60 q4 10 -2 14"
        stroke="#fff8e8"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="41" cy="42" r="3" fill="#1c1208" />
      <circle cx="59" cy="42" r="3" fill="#1c1208" />
      <path d="M36 26 Q50 18 64 26 L60 32 Q50 27 40 32 Z" fill="#f5c542" />
    </>
  ),
  boat: (
    <>
      <circle cx="50" cy="50" r="46" fill="#14506e" />
      <path d="M48 16 L48 62 L22 62 Z" fill="#f4efe4" />
      <path d="M52 24 L52 62 L74 62 Z" fill="#e3573f" />
      <path d="M14 64 H86 Q78 80 50 80 Q22 80 14 64 Z" fill="#8a4b22" />
      <path d="M10 86 q10 -6 20 0 t20 0 t20 0 t20 0" stroke="#7fd0f0" strokeWidth="3" fill="none" />
    </>
  ),
  drum: (
    <>
      <circle cx="50" cy="50" r="46" fill="#5c2a12" />
      <ellipse cx="50" cy="30" rx="28" ry="10" fill="#f3e2c0" />
      <path d="M22 30 V70 A28 10 0 0 0 78 70 V30 A28 10 0 0 1 22 30 Z" fill="#c8412b" />
      <path d="M24 36 L36 66 L48 36 L60 66 L72 36" stroke="#f5c542" strokeWidth="3" fill="none" />
      <ellipse cx="50" cy="30" rx="28" ry="10" fill="none" stroke="#7a2a16" strokeWidth="3" />
      <path d="M70 20 L86 8" stroke="#e8d3a8" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  lotus: (
    <>
      <circle cx="50" cy="50" r="46" fill="#1f3b2d" />
      <ellipse cx="50" cy="78" rx="30" ry="6" fill="#3f7f4f" />
      <path d="M50 24 Q62 46 50 72 Q38 46 50 24 Z" fill="#f49ac1" />
      <path d="M50 72 Q30 60 24 40 Q44 46 50 72 Z" fill="#e86fa6" />
      <path d="M50 72 Q70 60 76 40 Q56 46 50 72 Z" fill="#e86fa6" />
      <path d="M50 72 Q26 74 16 58 Q38 56 50 72 Z" fill="#d9548f" />
      <path d="M50 72 Q74 74 84 58 Q62 56 50 72 Z" fill="#d9548f" />
    </>
  ),
  mango: (
    <>
      <circle cx="50" cy="50" r="46" fill="#2b4a1a" />
      <path d="M34 30 Q60 18 72 44 Q82 72 56 82 Q28 88 24 60 Q22 40 34 30 Z" fill="#f7b32b" />
      <path d="M40 34 Q58 28 66 46" stroke="#fde08a" strokeWidth="4" strokeLinecap="round" fill="none" />
      <path d="M48 26 Q52 16 58 14" stroke="#6b4a1c" strokeWidth="3" fill="none" />
      <path d="M56 16 Q74 6 84 18 Q70 28 56 16 Z" fill="#5fae3b" />
    </>
  ),
  fish: (
    <>
      <circle cx="50" cy="50" r="46" fill="#16385c" />
      <path d="M14 50 Q40 24 70 44 L88 30 L84 50 L88 70 L70 56 Q40 76 14 50 Z" fill="#c9d6e3" />
      <path d="M22 50 Q42 36 66 48" stroke="#8fa6bf" strokeWidth="2" fill="none" />
      <path d="M40 40 Q46 50 40 60" stroke="#8fa6bf" strokeWidth="2" fill="none" />
      <circle cx="26" cy="47" r="3" fill="#14244a" />
    </>
  ),
  kite: (
    <>
      <circle cx="50" cy="50" r="46" fill="#3d1f4f" />
      <path d="M50 12 L76 40 L50 70 L24 40 Z" fill="#f25c54" />
      <path d="M50 12 L50 70 M24 40 H76" stroke="#ffe08a" strokeWidth="2.5" />
      <path d="M50 12 L76 40 L50 40 Z" fill="#f7b32b" />
      <path d="M50 70 Q44 78 52 84 Q60 90 52 96" stroke="#ffe08a" strokeWidth="2" fill="none" />
      <path d="M46 80 l8 -3 M48 90 l8 -2" stroke="#7cc96b" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

export function SymbolArt({ symbol, size }: { symbol: SlotSymbolName; size?: number }) {
  return (
    <svg
      className={`slot-symbol slot-symbol--${symbol}`}
      viewBox="0 0 100 100"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {art[symbol]}
    </svg>
  );
}
