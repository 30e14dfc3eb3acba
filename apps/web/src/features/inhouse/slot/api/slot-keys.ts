/** Query keys of the slot: the game's info is everyone's; a member's rounds are theirs (by token). */
export const slotKeys = {
  info: () => ['inhouse', 'slot', 'info'] as const,
  rounds: (token: string | null) => ['inhouse', 'slot', 'rounds', token] as const,
};
