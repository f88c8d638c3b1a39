// A QR code's dark modules as one SVG path, one square per module, so the code scales
// crisply at any size.

/** `M x y h1 v1 h-1 z` for every dark module of `modules` (rows of columns). */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return parts.join('');
}
