/**
 * The server checks every answer against its zod contract before sending it, so the browser reads
 * answers by type and checks only what it acts on; that keeps zod out of the storefront's first load.
 */
export function asIdList(data: unknown): number[] | null {
  return Array.isArray(data) && data.every((id) => Number.isInteger(id)) ? (data as number[]) : null;
}
