import { Route, Routes } from 'react-router';
import { Player360Page } from './player-360-page';
import { PlayerSearchPage } from './player-search-page';

/** /admin/players (the search) and /admin/players/:account (the player 360). */
export function PlayersPage() {
  return (
    <Routes>
      <Route index element={<PlayerSearchPage />} />
      <Route path=":account" element={<Player360Page />} />
    </Routes>
  );
}
