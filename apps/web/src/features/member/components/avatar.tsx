import { useState } from 'react';
import { DefaultAvatar } from './default-avatar';

export interface AvatarProps {
  src: string | null;
  /** accessible name, e.g. "Your profile photo" */
  alt: string;
  size: number;
}

/** A round member photo; the default avatar when there is none or it fails to load. */
export function Avatar({ src, alt, size }: AvatarProps) {
  // Remember which src failed, so a newly uploaded photo gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = !!src && failedSrc !== src;
  return (
    <span className="member-avatar" style={{ width: size, height: size }}>
      {usable ? (
        <img src={src} alt={alt} width={size} height={size} onError={() => setFailedSrc(src)} />
      ) : (
        <DefaultAvatar size={size} label={alt} />
      )}
    </span>
  );
}
