/** Avatar uploads: PNG or JPG up to 2 MB, checked in the browser before anything is sent. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export type AvatarFileProblem = 'type' | 'size' | 'empty';

const extensionOk = (name: string) => /\.(png|jpe?g)$/i.test(name);

/** null when the file may be sent; otherwise why not. */
export function checkAvatarFile(file: File): AvatarFileProblem | null {
  // Some systems leave the type empty; then the file name has to say PNG or JPG.
  const typeOk = file.type ? (AVATAR_TYPES as readonly string[]).includes(file.type) : extensionOk(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
