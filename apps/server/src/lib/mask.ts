/**
 * How any list seen by other members shows a login name (big wins ticker, crash players, the chat
 * when a sender has no nickname, an agent's referrals, leaderboards): the first two letters, three
 * stars, the last letter (player123 -> pl***3) — enough to recognise yourself, not to find anyone.
 * A name too short to hide anything keeps only its first letter. Letters, not UTF-16 units, so a
 * Bangla name is never cut through a character. One helper so every list masks alike: a name masked
 * two ways in two places could be pieced back together.
 */
export function maskUsername(username: string): string {
  const letters = [...username];
  if (letters.length < 5) return `${letters[0] ?? ''}***`;
  return `${letters.slice(0, 2).join('')}***${letters.at(-1) ?? ''}`;
}
