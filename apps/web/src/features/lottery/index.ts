/**
 * The lottery pages. The Vietnamese lottery (/vnlottery) is a chunk of its own, loaded when its route
 * opens.
 */
export const loadVnLotteryPage = () => import('./vn/vn-lottery-page');
