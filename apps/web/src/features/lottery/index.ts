/**
 * The lottery (issue 13): the electronic lottery's page /lottery and the verification page
 * /lottery/verify, each a chunk of its own loaded when its route opens.
 */
export const loadLotteryPage = () => import('./lottery-page');
export const loadLotteryVerifyPage = () => import('./verify-page');
