/**
 * The lottery (issue 13): the electronic lottery's page /lottery, the verification page
 * /lottery/verify and the Vietnamese lottery /vnlottery, each a chunk of its own loaded when its route
 * opens.
 */
export const loadLotteryPage = () => import('./lottery-page');
export const loadLotteryVerifyPage = () => import('./verify-page');
export const loadVnLotteryPage = () => import('./vn/vn-lottery-page');
