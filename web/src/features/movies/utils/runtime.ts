/** Hours and minutes of a runtime, or undefined when it is unknown (0 or missing). */
export function splitRuntime(minutes: number | undefined): { hours: number; minutes: number } | undefined {
  if (!minutes || minutes <= 0) return undefined;
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
