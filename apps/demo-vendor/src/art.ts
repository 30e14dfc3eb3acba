import type { DemoGame } from './catalogue.js';
import type { FishId } from './fish.js';
import type { SlotSymbol } from './slots.js';

/**
 * The demo's artwork, drawn for this project as plain SVG shapes (no fonts, no borrowed images): one
 * symbol per slot symbol and one thumbnail per game for our lobby. Only "DEMO" is written on them.
 */
export const symbolArt: Record<SlotSymbol, string> = {
  seven:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M14 12h36l-18 42h-10l15-33H14z" fill="#e63946" stroke="#7a1020" stroke-width="3"/></svg>',
  star: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 6l7.6 16.8 18.4 2-13.7 12.4 3.9 18.1L32 46l-16.2 9.3 3.9-18.1L6 24.8l18.4-2z" fill="#ffd23f" stroke="#b8860b" stroke-width="2.5"/></svg>',
  bell: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 8c-11 0-16 9-16 20v10l-6 8h44l-6-8V28C48 17 43 8 32 8z" fill="#f4a261" stroke="#8a4b12" stroke-width="3"/><circle cx="32" cy="52" r="5" fill="#8a4b12"/></svg>',
  mango:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M34 14c14 2 22 16 18 30S30 62 20 52 14 18 34 14z" fill="#ffb703" stroke="#c2410c" stroke-width="3"/><path d="M34 14c2-5 7-8 12-8-1 5-5 8-12 8z" fill="#2a9d8f"/></svg>',
  leaf: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M10 54C10 26 30 10 56 10c0 28-18 44-46 44z" fill="#52b788" stroke="#1b4332" stroke-width="3"/><path d="M12 52L46 20" stroke="#1b4332" stroke-width="3"/></svg>',
  lotus:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 10c8 10 8 24 0 36-8-12-8-26 0-36z" fill="#ff8fab"/><path d="M8 28c12 0 20 8 24 18-12 2-22-6-24-18zM56 28c-12 0-20 8-24 18 12 2 22-6 24-18z" fill="#fb6f92"/><path d="M14 50h36" stroke="#2d6a4f" stroke-width="4"/></svg>',
  fish: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M8 32c10-14 30-16 42 0-12 16-32 14-42 0z" fill="#4cc9f0" stroke="#1d3557" stroke-width="3"/><path d="M50 32l10-10v20z" fill="#4361ee"/><circle cx="20" cy="29" r="3" fill="#1d3557"/></svg>',
  boat: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M6 40h52l-8 14H14z" fill="#9c6644" stroke="#582f0e" stroke-width="3"/><path d="M30 8v30H12z" fill="#f1faee" stroke="#457b9d" stroke-width="2.5"/><path d="M34 14v24h16z" fill="#e9c46a"/></svg>',
  moon: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M40 8a24 24 0 1 0 16 40A20 20 0 0 1 40 8z" fill="#fefae0" stroke="#bc9c22" stroke-width="3"/></svg>',
};

const fishShape = (body: string, fin: string, scale: number): string =>
  `<svg viewBox="0 0 64 40" aria-hidden="true"><g transform="translate(32 20) scale(${scale}) translate(-32 -20)"><path d="M6 20c10-14 32-16 44 0-12 16-34 14-44 0z" fill="${body}" stroke="#0b132b" stroke-width="2"/><path d="M50 20l12-10v20z" fill="${fin}"/><circle cx="17" cy="17" r="2.5" fill="#0b132b"/></g></svg>`;

/** The shooter's fish, bigger and brighter as they are worth more. */
export const fishArt: Record<FishId, string> = {
  minnow: fishShape('#caf0f8', '#90e0ef', 0.6),
  carp: fishShape('#f4a261', '#e76f51', 0.75),
  catfish: fishShape('#8d99ae', '#2b2d42', 0.85),
  turtle:
    '<svg viewBox="0 0 64 40" aria-hidden="true"><ellipse cx="30" cy="22" rx="18" ry="13" fill="#2d6a4f" stroke="#081c15" stroke-width="2"/><path d="M22 14l8 8 8-8M22 30l8-8 8 8" stroke="#95d5b2" stroke-width="2" fill="none"/><circle cx="52" cy="20" r="6" fill="#52b788"/><circle cx="54" cy="18" r="1.5" fill="#081c15"/></svg>',
  dragon: fishShape('#ffd60a', '#ff8800', 1),
};

/**
 * A game's thumbnail for our lobby (4:3), in the game's two colours. Its DEMO pill sits bottom centre: the
 * lobby draws its hot or new badge top left and the favourite toggle top right over the picture, and
 * crops its sides to a square.
 */
export function gameThumbnail(game: DemoGame): string {
  const [from, to] = game.colours;
  const motif =
    game.kind === 'showdown'
      ? showdownArt()
      : game.kind === 'sports' && game.league === 'esports'
        ? esportsArt()
        : game.kind === 'sports'
          ? '<rect x="60" y="50" width="280" height="200" rx="8" fill="#2d6a4f" stroke="#fff" stroke-width="5"/><path d="M200 50v200" stroke="#fff" stroke-width="4"/><circle cx="200" cy="150" r="34" fill="none" stroke="#fff" stroke-width="4"/><rect x="60" y="105" width="40" height="90" fill="none" stroke="#fff" stroke-width="4"/><rect x="300" y="105" width="40" height="90" fill="none" stroke="#fff" stroke-width="4"/><circle cx="236" cy="178" r="14" fill="#fff" stroke="#111" stroke-width="3"/><path d="M236 168l8 6-3 9h-10l-3-9z" fill="#111"/>'
          : game.kind === 'fish'
            ? fishTargetsArt()
            : game.kind === 'roulette'
              ? '<circle cx="200" cy="150" r="92" fill="#3b2314" stroke="#d4a373" stroke-width="10"/>' +
                Array.from({ length: 18 }, (_, index) => {
                  const angle = (index / 18) * Math.PI * 2;
                  const x = (200 + Math.cos(angle) * 70).toFixed(1);
                  const y = (150 + Math.sin(angle) * 70).toFixed(1);
                  return `<circle cx="${x}" cy="${y}" r="9" fill="${index % 2 ? '#111' : '#c1121f'}"/>`;
                }).join('') +
                '<circle cx="200" cy="150" r="30" fill="#d4a373"/><circle cx="248" cy="118" r="8" fill="#fff"/>'
              : `<g transform="translate(76 70)">${['mango', 'seven', 'star']
                  .map(
                    (symbol, index) =>
                      `<g transform="translate(${index * 84} 0)"><rect width="80" height="160" rx="12" fill="#fff" opacity=".92"/><svg x="8" y="48" width="64" height="64" viewBox="0 0 64 64">${innerOf(symbolArt[(game.code === 'river-lanterns' ? ['lotus', 'moon', 'boat'][index] : symbol) as SlotSymbol])}</svg></g>`,
                  )
                  .join('')}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#g)"/>${motif}
<rect x="150" y="252" width="100" height="34" rx="17" fill="#000" opacity=".6"/>
<path fill-rule="evenodd" d="M306 22h8c6 0 9 4 9 9s-3 9-9 9h-8zM310 26v10h4c3 0 5-2 5-5s-2-5-5-5zM329 22h14v4h-10v3h9v4h-9v3h10v4h-14zM347 40V22h5l5 8 5-8h5v18h-4V29l-6 9-6-9v11zM379 21a9.5 9.5 0 1 1 0 19 9.5 9.5 0 0 1 0-19zm0 4a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" fill="#fff" transform="translate(-144 238)"/>
</svg>`;
}

/** Three fanned cards under three lamp flames (the game's name), drawn in shapes only. */
function showdownArt(): string {
  const card = (x: number, angle: number, pip: string) =>
    `<g transform="rotate(${angle} ${x + 45} 250)"><rect x="${x}" y="110" width="90" height="130" rx="10" fill="#fff" stroke="#240046" stroke-width="4"/>${pip.replace(/X/g, String(x))}</g>`;
  const heart = (x: number) =>
    `<path d="M${x + 45} 200c-22-16-30-28-30-40 0-10 8-16 16-16 6 0 11 4 14 9 3-5 8-9 14-9 8 0 16 6 16 16 0 12-8 24-30 40z" fill="#d00000"/>`;
  const spade = (x: number) =>
    `<path d="M${x + 45} 140c22 18 32 30 32 42 0 10-8 16-16 16-6 0-11-3-13-7l5 19h-16l5-19c-2 4-7 7-13 7-8 0-16-6-16-16 0-12 10-24 32-42z" fill="#10002b"/>`;
  const diamond = (x: number) => `<path d="M${x + 45} 140l26 35-26 35-26-35z" fill="#d00000"/>`;
  const flame = (x: number) =>
    `<path d="M${x} 40c12 14 14 26 0 38-14-12-12-24 0-38z" fill="#ffd60a" stroke="#ff6d00" stroke-width="3"/><rect x="${x - 12}" y="78" width="24" height="10" rx="4" fill="#7f4f24"/>`;
  return (
    flame(150) +
    flame(200) +
    flame(250) +
    card(100, -14, heart(100)) +
    card(155, 0, spade(155)) +
    card(210, 14, diamond(210))
  );
}

/** A made-up arena game: a controller between two team banners. */
function esportsArt(): string {
  return (
    '<path d="M40 60h90v120l-45 30-45-30z" fill="#f72585" stroke="#fff" stroke-width="5"/>' +
    '<path d="M270 60h90v120l-45 30-45-30z" fill="#4cc9f0" stroke="#fff" stroke-width="5"/>' +
    '<path d="M150 150c0-20 14-30 30-30h40c16 0 30 10 30 30l10 60c2 14-14 22-24 12l-22-22h-28l-22 22c-10 10-26 2-24-12z" fill="#240046" stroke="#fff" stroke-width="5"/>' +
    '<path d="M175 160h20M185 150v20" stroke="#fff" stroke-width="6" stroke-linecap="round"/><circle cx="222" cy="155" r="6" fill="#06d6a0"/><circle cx="236" cy="168" r="6" fill="#ffd60a"/>' +
    '<path d="M85 100l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#fff"/><path d="M315 100l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#fff"/>'
  );
}

function fishTargetsArt(): string {
  const places: [FishId, number, number, number][] = [
    ['dragon', 120, 90, 2.6],
    ['carp', 250, 70, 1.8],
    ['turtle', 220, 180, 2],
    ['minnow', 90, 200, 1.6],
  ];
  return places
    .map(
      ([fish, x, y, size]) =>
        `<svg x="${x}" y="${y}" width="${64 * size}" height="${40 * size}" viewBox="0 0 64 40">${innerOf(fishArt[fish])}</svg>`,
    )
    .join('');
}

function innerOf(svg: string): string {
  return svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
}
