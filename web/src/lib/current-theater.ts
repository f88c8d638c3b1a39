import type { Theater } from '@/types/api';

// SPEC.md section 4 "Current theater".
export function resolveCurrentTheater(
  theaters: readonly Theater[],
  {
    isSingleLocation,
    pageTheaterId,
    selectedTheaterId,
  }: { isSingleLocation: boolean; pageTheaterId?: string; selectedTheaterId?: string },
): Theater | undefined {
  if (isSingleLocation) return theaters[0];
  const byId = (id: string | undefined) =>
    id ? theaters.find((theater) => theater.id === id) : undefined;
  return byId(pageTheaterId) ?? byId(selectedTheaterId);
}
