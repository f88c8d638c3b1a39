/** The JSON object `text` holds, or undefined when it is missing, malformed or not an object. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
