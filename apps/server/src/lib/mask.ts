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

/**
 * A member's own contact details as shown back to them (the member centre, a sign-in challenge): the
 * first three and last three digits of the national number (1712345678 -> 171****678), the first letter
 * of an address's name (player@example.com -> p****@example.com). Enough to recognise, too little for a
 * glance over the shoulder. One helper for every screen, so no two show different digits that together
 * give the number away.
 */
export function maskMobile(mobile: string): string {
  const digits = [...mobile];
  if (digits.length >= 8) return `${digits.slice(0, 3).join('')}****${digits.slice(-3).join('')}`;
  if (digits.length >= 4) return `${digits[0]}****${digits.at(-1)}`;
  return '****';
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  return `${[...email.slice(0, at)][0]}****${email.slice(at)}`;
}
