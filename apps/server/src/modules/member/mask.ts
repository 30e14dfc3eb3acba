/**
 * Contact details shown back to their owner are masked, so a glance over the shoulder or a screenshot
 * of the member centre does not give away the full number or address.
 */
export function maskMobile(mobile: string): string {
  const chars = [...mobile];
  if (chars.length >= 8) return `${chars.slice(0, 4).join('')}****${chars.slice(-2).join('')}`;
  if (chars.length >= 4) return `${chars[0]}****${chars.at(-1)}`;
  return '****';
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  const local = [...email.slice(0, at)];
  return `${local[0]}****${email.slice(at)}`;
}
