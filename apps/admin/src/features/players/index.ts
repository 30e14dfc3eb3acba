/** Players: the search and the player 360 (issue 27, ADR 097); the menu loads it lazily. */
export { PlayersPage } from './components/players-page';
