import type { ReactNode } from 'react';

/** Decorative line icons: the control next to them always carries the accessible name. */
function Stroke({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function Solid({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const icons = {
  menu: () => (
    <Stroke>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Stroke>
  ),
  close: () => (
    <Stroke>
      <path d="M6 6l12 12M18 6L6 18" />
    </Stroke>
  ),
  home: () => (
    <Stroke>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Stroke>
  ),
  bell: () => (
    <Stroke>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Stroke>
  ),
  sun: () => (
    <Stroke>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </Stroke>
  ),
  moon: () => (
    <Stroke>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </Stroke>
  ),
  globe: () => (
    <Stroke>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Stroke>
  ),
  gift: () => (
    <Stroke>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8S10 3 7.5 4.5 9 8 12 8zM12 8s2-5 4.5-3.5S15 8 12 8z" />
    </Stroke>
  ),
  shop: () => (
    <Stroke>
      <path d="M4 9h16l-1.5 11h-13z" />
      <path d="M9 9V7a3 3 0 0 1 6 0v2" />
    </Stroke>
  ),
  headset: () => (
    <Stroke>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="14" width="4" height="6" rx="1" />
      <rect x="17" y="14" width="4" height="6" rx="1" />
    </Stroke>
  ),
  chevron: () => (
    <Stroke>
      <path d="M6 9l6 6 6-6" />
    </Stroke>
  ),
  collapse: () => (
    <Stroke>
      <path d="M11 17l-5-5 5-5M18 17l-5-5 5-5" />
    </Stroke>
  ),
  expand: () => (
    <Stroke>
      <path d="M13 7l5 5-5 5M6 7l5 5-5 5" />
    </Stroke>
  ),
  qr: () => (
    <Stroke>
      <rect x="3" y="3" width="7" height="7" />
      <rect x="14" y="3" width="7" height="7" />
      <rect x="3" y="14" width="7" height="7" />
      <path d="M14 14h3v3h-3zM20 14v7M14 20h3" />
    </Stroke>
  ),
  chat: () => (
    <Stroke>
      <path d="M4 5h16v11H9l-5 4z" />
    </Stroke>
  ),
  mail: () => (
    <Stroke>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </Stroke>
  ),
  help: () => (
    <Stroke>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
    </Stroke>
  ),
  // Game categories
  ELOTT: () => (
    <Stroke>
      <circle cx="8" cy="8" r="4" />
      <circle cx="16" cy="16" r="4" />
      <path d="M16 4v4M14 6h4M6 16h4" />
    </Stroke>
  ),
  LOTT: () => (
    <Stroke>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="3" />
      <path d="M12 4v2M12 18v2M4 12h2M18 12h2" />
    </Stroke>
  ),
  LIVE: () => (
    <Stroke>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="M16 10l5-3v10l-5-3" />
    </Stroke>
  ),
  SPORTS: () => (
    <Stroke>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7l4 3-1.5 5h-5L8 10zM12 3v4M21 10l-5 0M3 10h5M7 20l2.5-5M17 20l-2.5-5" />
    </Stroke>
  ),
  FISH: () => (
    <Stroke>
      <path d="M3 12c3-5 10-6 14 0-4 6-11 5-14 0zM17 12l4-3v6z" />
      <circle cx="8" cy="11" r="0.8" />
    </Stroke>
  ),
  RNG: () => (
    <Stroke>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M9 5v14M15 5v14M5 12h2M11 12h2M17 12h2" />
    </Stroke>
  ),
  PVP: () => (
    <Stroke>
      <rect x="3" y="4" width="11" height="15" rx="2" transform="rotate(-8 8 11)" />
      <rect x="10" y="5" width="11" height="15" rx="2" transform="rotate(8 15 12)" />
    </Stroke>
  ),
  ESPORTS: () => (
    <Stroke>
      <path d="M6 8h12a4 4 0 0 1 3.8 5.2l-1 3a2.5 2.5 0 0 1-4.3.8L15 15H9l-1.5 2a2.5 2.5 0 0 1-4.3-.8l-1-3A4 4 0 0 1 6 8z" />
      <path d="M7 11v3M5.5 12.5h3M15 12h.01M17 13.5h.01" />
    </Stroke>
  ),
  INHOUSE: () => (
    <Stroke>
      <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L3.3 9.3l6.1-.7z" />
    </Stroke>
  ),
  // Social networks (brand marks, simplified)
  Facebook: () => (
    <Solid>
      <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
    </Solid>
  ),
  Instagram: () => (
    <Stroke>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </Stroke>
  ),
  Telegram: () => (
    <Solid>
      <path d="M21.5 3.6L2.8 10.8c-1 .4-1 1.6 0 1.9l4.7 1.5 1.8 5.6c.3.8 1.3 1 1.9.4l2.6-2.4 4.9 3.6c.7.5 1.6.1 1.8-.7l3.1-15.3c.2-1-.7-1.8-1.6-1.4zM9.5 14.2l-.4 3.6-1.2-4.3 9.6-6.2z" />
    </Solid>
  ),
  WhatsApp: () => (
    <Stroke>
      <path d="M4 20l1.3-4A8.5 8.5 0 1 1 8.6 19z" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8A5 5 0 0 1 11 10.8l.8-1-1-2z" />
    </Stroke>
  ),
} as const;

export type IconName = keyof typeof icons;

export function Icon({ name }: { name: IconName }) {
  const Draw = icons[name];
  return <Draw />;
}
