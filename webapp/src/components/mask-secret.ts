/** A password shown as its first 3 characters then a fixed mask (its length is not shown either). */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 3)}••••••••`;
}
