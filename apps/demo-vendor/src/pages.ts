import type { DemoGame, DemoStudio } from './catalogue.js';
import { allTexts, text } from './i18n.js';
import type { PageLanguage, PlayerSession } from './sessions.js';
import { fishArt, symbolArt } from './art.js';
import { fishTargets } from './fish.js';

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script type="application/json"> block: `<` escaped so no text can close it. */
const jsonBlock = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

function shell(language: PageLanguage, title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/static/game.css">
</head>
<body>
<p class="dv-label" role="note">${escapeHtml(text(language, 'label'))}</p>
${body}
${script ? `<script type="module" src="/static/${script}.js"></script>` : ''}
</body>
</html>`;
}

const lobbyLink = (session: Pick<PlayerSession, 'lobby' | 'language'>): string =>
  session.lobby
    ? `<a class="dv-back" href="${escapeHtml(session.lobby)}" target="_top">${escapeHtml(text(session.language, 'backToLobby'))}</a>`
    : '';

/** The simulator's front page: what it offers (its games open only from the site). */
export function indexPage(language: PageLanguage, studios: readonly DemoStudio[]): string {
  const list = studios
    .map(
      (studio) =>
        `<section><h2>${escapeHtml(studio.title)} <small>${escapeHtml(studio.vendorCode)} · ${studio.category}</small></h2><ul class="dv-games">${studio.games
          .map(
            (game) =>
              `<li><img src="/art/${escapeHtml(game.code)}.svg" width="200" height="150" alt=""><span>${escapeHtml(game.name[language])}</span></li>`,
          )
          .join('')}</ul></section>`,
    )
    .join('');
  return shell(
    language,
    text(language, 'label'),
    `<main class="dv-page"><h1>${escapeHtml(text(language, 'games'))}</h1><p>${escapeHtml(text(language, 'openFromLobby'))}</p>${list}</main>`,
  );
}

/** A refusal page (launch failed, session gone), still labelled as the simulator. */
export function messagePage(
  language: PageLanguage,
  key: 'launchFailed' | 'sessionGone' | 'unknownGame',
  lobby: string | null,
): string {
  return shell(
    language,
    text(language, 'label'),
    `<main class="dv-page"><p class="dv-message">${escapeHtml(text(language, key))}</p>${lobbyLink({ lobby, language })}</main>`,
  );
}

/** The game page: the script finds everything it needs in the page's data block. */
export function gamePage(session: PlayerSession, game: DemoGame, extra: Record<string, unknown>): string {
  const language = session.language;
  const data = {
    session: session.id,
    game: game.code,
    kind: game.kind,
    currency: session.currency,
    balance: session.balance,
    demo: session.demo,
    stakes: game.stakes,
    language,
    texts: allTexts(language),
    symbols: symbolArt,
    ...extra,
  };
  const head = `<header class="dv-head"><h1>${escapeHtml(game.name[language])}</h1>${lobbyLink(session)}</header>
<div class="dv-status"><span>${escapeHtml(text(language, 'balance'))}: <strong id="balance" aria-live="polite">${escapeHtml(session.balance)} ${escapeHtml(session.currency)}</strong></span>${
    session.demo ? `<span class="dv-demo">${escapeHtml(text(language, 'demoMoney'))}</span>` : ''
  }</div>`;
  const stakes = `<label class="dv-stake">${escapeHtml(text(language, 'stake'))} <select id="stake">${game.stakes
    .map((stake) => `<option value="${stake}">${stake} ${escapeHtml(session.currency)}</option>`)
    .join('')}</select></label>`;
  const fishBody = `<main class="dv-page dv-fish">${head}
<p class="dv-fine">${escapeHtml(text(language, 'shootHint'))} · ${escapeHtml(text(language, 'rtp'))} 96%</p>
<div class="dv-controls">${stakes}</div>
<p id="message" class="dv-message" aria-live="polite"></p>
<div id="pond" class="dv-pond">${fishTargets
    .map(
      (fish, index) =>
        `<button type="button" class="dv-target dv-lane-${index}" data-fish="${fish.id}" disabled aria-label="${escapeHtml(text(language, fish.id))} ×${fish.multiplier}">${fishArt[fish.id]}<span>×${fish.multiplier}</span></button>`,
    )
    .join('')}</div>
</main>`;
  const sportsBody = `<main class="dv-page dv-sports">${head}
<p class="dv-phase"><span id="phase"></span> <span id="timer"></span></p>
<div id="fixtures" class="dv-fixtures"></div>
<section class="dv-slip" aria-labelledby="slip-title"><h2 id="slip-title">${escapeHtml(text(language, 'slip'))}</h2>
<p class="dv-fine">${escapeHtml(text(language, 'slipHint'))}</p>
<p id="slip-summary"></p>
<div class="dv-controls">${stakes}<button id="place" type="button" class="dv-button" disabled>${escapeHtml(text(language, 'placeBet'))}</button></div>
<p id="message" class="dv-message" aria-live="polite"></p></section>
<section><h2>${escapeHtml(text(language, 'mySlips'))}</h2><ul id="slips" class="dv-slips"></ul></section>
</main>`;
  const showdownBody = `<main class="dv-page dv-showdown">${head}
<p class="dv-fine">${escapeHtml(text(language, 'showdownHint'))}</p>
<section id="table" class="dv-room" aria-labelledby="room-title" hidden>
<h2 id="room-title"></h2>
<p id="seat" class="dv-seat"></p>
<p class="dv-phase"><span id="phase"></span> <span id="timer"></span></p>
<ol id="seats" class="dv-seats"></ol>
<div class="dv-controls"><button id="ante" type="button" class="dv-button" disabled>${escapeHtml(text(language, 'ante'))}</button><button id="leave" type="button" class="dv-button dv-secondary">${escapeHtml(text(language, 'leaveSeat'))}</button></div>
</section>
<p id="message" class="dv-message" aria-live="polite"></p>
<section id="lobby" aria-labelledby="rooms-title" hidden><h2 id="rooms-title">${escapeHtml(text(language, 'chooseRoom'))}</h2><ul id="rooms" class="dv-rooms"></ul></section>
</main>`;
  const body =
    game.kind === 'showdown'
      ? showdownBody
      : game.kind === 'sports'
        ? sportsBody
        : game.kind === 'fish'
          ? fishBody
          : game.kind === 'slot'
            ? `<main class="dv-page dv-slot">${head}
<div id="reels" class="dv-reels dv-reels-${game.reels ?? 3}"></div>
<p id="message" class="dv-message" aria-live="polite"></p>
<div class="dv-controls">${stakes}<button id="spin" type="button" class="dv-button" disabled>${escapeHtml(text(language, 'spin'))}</button></div>
<p class="dv-fine">${game.lines ?? 0} ${escapeHtml(text(language, 'lines'))} · ${escapeHtml(text(language, 'rtp'))} ${escapeHtml(String(extra.rtp ?? ''))}</p>
</main>`
            : `<main class="dv-page dv-table">${head}
<div class="dv-wheel"><div id="pocket" class="dv-pocket" aria-live="polite">–</div><div><p id="phase" class="dv-phase"></p><div class="dv-timer"><span id="timer"></span></div></div></div>
<div class="dv-controls">${stakes}</div>
<p id="message" class="dv-message" aria-live="polite"></p>
<div id="board" class="dv-board"></div>
<p class="dv-fine">${escapeHtml(text(language, 'yourBets'))}: <span id="mybets">–</span></p>
<p class="dv-fine">${escapeHtml(text(language, 'lastResults'))}: <span id="history"></span></p>
</main>`;
  return shell(
    language,
    `${game.name[language]} — ${text(language, 'label')}`,
    `${body}<script type="application/json" id="page-data">${jsonBlock(data)}</script>`,
    game.kind,
  );
}
