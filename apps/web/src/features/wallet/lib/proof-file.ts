/** Proof images (deposit receipts, "not received" claims): PNG or JPG up to 5 MB (SPEC section 5). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROOF_ACCEPT = `${PROOF_TYPES.join(',')},.png,.jpg,.jpeg`;

export type ProofProblem = 'type' | 'size' | 'empty';

const extensionOk = (name: string) => /\.(png|jpe?g)$/i.test(name);

/** null when the file may be sent; otherwise why not. Checked before anything is sent. */
export function checkProofFile(file: File): ProofProblem | null {
  const typeOk = file.type ? (PROOF_TYPES as readonly string[]).includes(file.type) : extensionOk(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PROOF_MAX_BYTES) return 'size';
  return null;
}
