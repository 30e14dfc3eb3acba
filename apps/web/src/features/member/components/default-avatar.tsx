/** The avatar shown when a member has none, or theirs fails to load (SPEC section 8). Inline: never fails. */
export function DefaultAvatar({ size, label }: { size: number; label?: string }) {
  return (
    <svg
      className="member-avatar__default"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="32" cy="32" r="32" fill="var(--color-surface-2, #262a36)" />
      <circle cx="32" cy="25" r="11" fill="var(--color-text-muted, #a0a6b4)" />
      <path
        d="M12 54c3-11 11-17 20-17s17 6 20 17a32 32 0 0 1-40 0z"
        fill="var(--color-text-muted, #a0a6b4)"
      />
    </svg>
  );
}
