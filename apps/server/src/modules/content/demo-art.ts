/**
 * The demo's banner and promotion art, drawn as SVG without any text (headlines are HTML over the
 * image, in the reader's language) and turned into WebP renditions when the demo is seeded. Drawn
 * here rather than kept as files so the seed needs nothing from the web app's folders.
 */

import type { DemoMotif } from './demo-content.js';

export type { DemoMotif };

export interface DemoArt {
  colors: [string, string];
  motif: DemoMotif;
}

/** A small deterministic generator, so the same banner always gets the same sparkles. */
function seeded(key: string): () => number {
  let state = 2166136261;
  for (const char of key) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const GOLD = `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe58a"/><stop offset=".55" stop-color="#f5b301"/><stop offset="1" stop-color="#b7790b"/></linearGradient>`;
const SILVER = `<linearGradient id="silver" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9dde8"/></linearGradient>`;

const coin = (x: number, y: number, r: number, tilt = 0.42) =>
  `<g transform="translate(${x} ${y})"><ellipse cy="${r * 0.18}" rx="${r}" ry="${r * tilt}" fill="#a86b05"/><ellipse rx="${r}" ry="${r * tilt}" fill="url(#gold)"/><ellipse rx="${r * 0.72}" ry="${r * tilt * 0.72}" fill="none" stroke="#fff3c4" stroke-width="${r * 0.08}" opacity=".8"/></g>`;

const uprightCoin = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y})"><circle r="${r}" fill="#a86b05" transform="translate(${r * 0.08} ${r * 0.1})"/><circle r="${r}" fill="url(#gold)"/><circle r="${r * 0.74}" fill="none" stroke="#fff3c4" stroke-width="${r * 0.08}" opacity=".85"/><path d="M${-r * 0.25} ${-r * 0.35}h${r * 0.5}M${-r * 0.25} 0h${r * 0.5}M0 ${-r * 0.5}v${r}" stroke="#a86b05" stroke-width="${r * 0.1}" stroke-linecap="round"/></g>`;

const HEART = 'M0 12C-14 0-20-10-12-17c5-4 10-2 12 3 2-5 7-7 12-3 8 7 2 17-12 29z';
const SPADE = 'M0-18C-14-4-20 4-13 11c4 4 9 2 11-1l-3 10h10l-3-10c2 3 7 5 11 1C20 4 14-4 0-18z';

const card = (x: number, y: number, angle: number, suit: string, colour: string) =>
  `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)"><rect x="-62" y="-88" width="124" height="176" rx="14" fill="url(#silver)"/><rect x="-52" y="-78" width="104" height="156" rx="9" fill="none" stroke="${colour}" stroke-width="2" opacity=".35"/><path d="${suit}" fill="${colour}" transform="scale(2.2)"/><path d="${suit}" fill="${colour}" transform="translate(-38 -60) scale(.7)"/><path d="${suit}" fill="${colour}" transform="translate(38 60) rotate(180) scale(.7)"/></g>`;

const ball = (x: number, y: number, r: number, colour: string) =>
  `<g transform="translate(${x} ${y})" filter="url(#shadow)"><circle r="${r}" fill="${colour}"/><circle r="${r * 0.52}" fill="#fff"/><circle r="${r * 0.52}" fill="none" stroke="${colour}" stroke-width="${r * 0.06}" opacity=".5"/><ellipse cx="${-r * 0.38}" cy="${-r * 0.45}" rx="${r * 0.3}" ry="${r * 0.18}" fill="#fff" opacity=".45" transform="rotate(-35 ${-r * 0.38} ${-r * 0.45})"/></g>`;

const star = (x: number, y: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}" stroke-linejoin="round"/>`;
};

/** Each motif is drawn around (0, 0) within about 180 px each way. */
const motifs: Record<DemoMotif, string> = {
  gift: `<g filter="url(#shadow)"><rect x="-120" y="-40" width="240" height="160" rx="14" fill="#e11d48"/><rect x="-135" y="-85" width="270" height="60" rx="12" fill="#f43f5e"/><rect x="-22" y="-85" width="44" height="205" fill="url(#gold)"/><path d="M0-85C-40-150-120-130-80-95-60-80-20-85 0-85zM0-85C40-150 120-130 80-95 60-80 20-85 0-85z" fill="url(#gold)"/></g>${coin(-170, 110, 38)}${coin(175, 95, 30)}`,
  cards: `${card(-70, 10, -16, SPADE, '#111827')}${card(70, 0, 14, HEART, '#dc2626')}<g transform="translate(-150 120)">${coin(0, 0, 34)}</g><g transform="translate(160 135)">${coin(0, 0, 28)}</g>`,
  balls: `${ball(-95, 40, 80, '#ef4444')}${ball(70, -40, 90, '#2563eb')}${ball(95, 110, 58, '#16a34a')}${ball(-140, -95, 42, '#f59e0b')}`,
  coins: `<g filter="url(#shadow)">${[0, 1, 2, 3, 4, 5].map((i) => coin(-60, 120 - i * 26, 70)).join('')}${[0, 1, 2, 3].map((i) => coin(85, 130 - i * 26, 62)).join('')}</g>${uprightCoin(120, -95, 56)}${uprightCoin(-150, -70, 40)}`,
  star: `<g filter="url(#shadow)">${star(0, 0, 150, 'url(#gold)')}</g>${star(0, 0, 95, '#fff3c4')}${star(-170, -110, 26, '#fff')}${star(165, 120, 20, '#fff')}`,
  fish: `<g filter="url(#shadow)"><path d="M-150 0C-90-110 70-110 130 0 70 110-90 110-150 0z" fill="url(#gold)"/><path d="M110 0l90-80v160z" fill="#f59e0b"/><path d="M-40-72c20 30 20 114 0 144" stroke="#b7790b" stroke-width="8" fill="none" opacity=".6"/><circle cx="-95" cy="-18" r="16" fill="#fff"/><circle cx="-99" cy="-18" r="8" fill="#111827"/></g><circle cx="-190" cy="-110" r="16" fill="none" stroke="#fff" stroke-width="5" opacity=".7"/><circle cx="-215" cy="-160" r="10" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/><circle cx="-175" cy="-190" r="6" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>`,
  cricket: `<g filter="url(#shadow)" transform="rotate(-28)"><rect x="-30" y="-190" width="60" height="260" rx="26" fill="#f1d29b"/><rect x="-12" y="60" width="24" height="120" rx="10" fill="#1f2937"/><rect x="-30" y="-190" width="60" height="260" rx="26" fill="none" stroke="#c59b5a" stroke-width="6"/></g><g transform="translate(120 90)" filter="url(#shadow)"><circle r="62" fill="#b91c1c"/><path d="M-44-44C-10-10-10 10-44 44M44-44C10-10 10 10 44 44" stroke="#fff" stroke-width="5" fill="none" stroke-dasharray="8 7"/><ellipse cx="-22" cy="-26" rx="18" ry="10" fill="#fff" opacity=".35" transform="rotate(-35 -22 -26)"/></g>`,
  football: `<g filter="url(#shadow)"><circle r="140" fill="#fff"/><polygon points="0,-52 49,-16 30,42 -30,42 -49,-16" fill="#111827"/><path d="M0-52V-130M49-16l78-25M30 42l48 66M-30 42l-48 66M-49-16l-78-25" stroke="#111827" stroke-width="6"/><path d="M-60-120l60-10 60 10M127-41l20 56-25 56M78 108l-40 40h-76l-40-40M-127-41l-20 56 25 56" stroke="#111827" stroke-width="6" fill="none"/></g>`,
  controller: `<g filter="url(#shadow)"><path d="M-170-20c10-60 60-80 100-60h140c40-20 90 0 100 60l20 110c8 50-50 70-80 30l-40-50h-140l-40 50c-30 40-88 20-80-30z" fill="#1f2937"/><path d="M-110-10v60M-140 20h60" stroke="#fff" stroke-width="16" stroke-linecap="round"/><circle cx="95" cy="-5" r="15" fill="#ef4444"/><circle cx="130" cy="25" r="15" fill="#22c55e"/><circle cx="60" cy="25" r="15" fill="#3b82f6"/><circle cx="95" cy="55" r="15" fill="#f5b301"/></g>`,
  phone: `<g filter="url(#shadow)" transform="rotate(10)"><rect x="-95" y="-175" width="190" height="350" rx="30" fill="#111827"/><rect x="-80" y="-150" width="160" height="300" rx="14" fill="url(#screen)"/><rect x="-30" y="-166" width="60" height="8" rx="4" fill="#374151"/>${star(0, -40, 45, 'url(#gold)')}<rect x="-55" y="40" width="110" height="34" rx="17" fill="url(#gold)"/></g>`,
  chat: `<g filter="url(#shadow)"><path d="M-160-110h230a30 30 0 0 1 30 30v110a30 30 0 0 1-30 30h-120l-60 50v-50h-50a30 30 0 0 1-30-30v-110a30 30 0 0 1 30-30z" fill="#fff"/><circle cx="-110" cy="-25" r="16" fill="#6366f1"/><circle cx="-45" cy="-25" r="16" fill="#6366f1"/><circle cx="20" cy="-25" r="16" fill="#6366f1"/><path d="M30 30h120a30 30 0 0 1 30 30v70a30 30 0 0 1-30 30h-20v40l-45-40h-55a30 30 0 0 1-30-30v-70a30 30 0 0 1 30-30z" fill="url(#gold)"/></g>`,
  dice: `<g filter="url(#shadow)" transform="rotate(-14 -70 0)"><rect x="-170" y="-90" width="170" height="170" rx="28" fill="url(#silver)"/><circle cx="-130" cy="-50" r="15" fill="#dc2626"/><circle cx="-85" cy="-5" r="15" fill="#dc2626"/><circle cx="-40" cy="40" r="15" fill="#dc2626"/></g><g filter="url(#shadow)" transform="rotate(18 90 40)"><rect x="20" y="-30" width="150" height="150" rx="26" fill="url(#silver)"/><circle cx="55" cy="5" r="13" fill="#111827"/><circle cx="135" cy="5" r="13" fill="#111827"/><circle cx="55" cy="85" r="13" fill="#111827"/><circle cx="135" cy="85" r="13" fill="#111827"/><circle cx="95" cy="45" r="13" fill="#111827"/></g>`,
  shield: `<g filter="url(#shadow)"><path d="M0-170l140 50v90c0 100-60 160-140 200-80-40-140-100-140-200v-90z" fill="url(#gold)"/><path d="M0-135l105 38v70c0 80-45 128-105 160-60-32-105-80-105-160v-70z" fill="#14532d"/><path d="M-55 0l40 42 75-85" stroke="#fff" stroke-width="22" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`,
  trophy: `<g filter="url(#shadow)"><path d="M-110-140h220v50c0 90-50 140-110 150-60-10-110-60-110-150z" fill="url(#gold)"/><path d="M-110-110h-50c0 70 40 100 80 105M110-110h50c0 70-40 100-80 105" stroke="url(#gold)" stroke-width="18" fill="none"/><rect x="-22" y="55" width="44" height="60" fill="url(#gold)"/><rect x="-80" y="110" width="160" height="40" rx="8" fill="#b7790b"/></g>${star(0, -60, 40, '#fff3c4')}`,
};

/**
 * The art at a given size (the banner is 3:1, a promotion 12:5). The picture sits to the right, the
 * left side stays calm and darker: that is where the HTML text goes.
 */
export function demoArtSvg(key: string, art: DemoArt, width: number, height: number): string {
  const random = seeded(key);
  const [from, to] = art.colors;
  const sparkles = Array.from({ length: 26 }, () => {
    const x = width * (0.45 + random() * 0.55);
    const y = height * random();
    const r = 1.5 + random() * 3.5;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(1)}" fill="#fff" opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const bokeh = Array.from({ length: 7 }, () => {
    const x = width * (0.35 + random() * 0.65);
    const y = height * random();
    const r = height * (0.08 + random() * 0.22);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.04 + random() * 0.08).toFixed(2)}"/>`;
  }).join('');
  const scale = (height / 400) * 0.92;
  const motifX = width - height * 0.78;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="${(motifX / width).toFixed(3)}" cy=".5" r=".45"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="calm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset=".6" stop-color="#000" stop-opacity="0"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
${GOLD}${SILVER}
<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#000" flood-opacity=".35"/></filter>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<path d="M${motifX - height * 0.3} 0h${height * 0.25}L${motifX - height * 0.9} ${height}h-${height * 0.5}zM${motifX + height * 0.25} 0h${height * 0.12}L${motifX - height * 0.2} ${height}h-${height * 0.22}z" fill="url(#beam)"/>
${bokeh}
<path d="M0 ${height * 0.82}Q${width * 0.25} ${height * 0.7} ${width * 0.5} ${height * 0.84}T${width} ${height * 0.8}V${height}H0z" fill="#000" opacity=".16"/>
<rect width="${width}" height="${height}" fill="url(#calm)"/>
${sparkles}
<g transform="translate(${motifX.toFixed(0)} ${(height / 2).toFixed(0)}) scale(${scale.toFixed(3)})">${motifs[art.motif]}</g>
</svg>`;
}
