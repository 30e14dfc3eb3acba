/** SPEC section 9: remembered logins live 24 hours. Only the username is kept, never the password. */
const COOKIE = 'rememberUsername';
const MAX_AGE_S = 24 * 60 * 60;

export function readRememberedUsername(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) {
      try {
        return decodeURIComponent(rest.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function rememberUsername(username: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = username
    ? `${COOKIE}=${encodeURIComponent(username)}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
    : `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
