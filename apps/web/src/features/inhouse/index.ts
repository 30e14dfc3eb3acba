/**
 * Our own games (INHOUSE, ADR 040): each game's page is a chunk of its own, loaded when its route
 * opens (/inhouse/<code>); nothing of them is in the first load.
 */
export const loadSlotPage = () => import('./slot/slot-page');
export const loadFairPages = () => import('./fair/verify-page');
export const loadDicePage = () => import('./dice/dice-page');
export const loadCrashPage = () => import('./crash/crash-page');
