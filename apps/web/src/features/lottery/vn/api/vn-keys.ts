export const vnKeys = {
  all: ['vn-lottery'] as const,
  menu: () => [...vnKeys.all, 'menu'] as const,
  opened: (gameCode: string) => [...vnKeys.all, 'opened', gameCode] as const,
  numbers: (gameCode: string, count: number) => [...vnKeys.all, 'numbers', gameCode, count] as const,
  myBets: (gameCode: string) => [...vnKeys.all, 'my-bets', gameCode] as const,
};
