import type { FontFaceSheet } from './font-files';

// A published page loads its site's font style sheets with its scripts (the gateway's
// loader, from renderer/page-files.mjs), so the faces they declare are mostly in the
// document's font set by the time the app runs; a sheet still on its way is not fetched
// twice (the module preloader finds its link). The loader's table of every installed
// sheet (load-font-style-sheets.ts) is worth fetching only for a face that is not
// declared: a font the site builder picks, a page the app drew itself.

/** A face as the document's font set lists it (a FontFace): "Lato", "700" or "300 800", "italic". */
export type DeclaredFace = Pick<FontFace, 'family' | 'weight' | 'style'>;

const WEIGHT_KEYWORDS: Readonly<Record<string, string>> = { normal: '400', bold: '700' };

/** The weights a face covers, lowest and highest: "700" -> [700, 700], "300 800" -> [300, 800]. */
function weightRange(weight: string): [number, number] {
  const [low = Number.NaN, high = low] = weight
    .trim()
    .split(/\s+/)
    .map((part) => Number(WEIGHT_KEYWORDS[part] ?? part));
  return [low, high];
}

/** Whether `face` is the one `wanted`'s sheet declares (or another of the same family, style and weight). */
function isFaceOf(face: DeclaredFace, wanted: FontFaceSheet): boolean {
  const [low, high] = weightRange(face.weight);
  const weight = Number(wanted.weight);
  return (
    face.family.replace(/^["']|["']$/g, '') === wanted.family &&
    face.style === wanted.style &&
    low <= weight &&
    weight <= high
  );
}

/** The sheets of `wanted` whose faces `declared` (the document's font set) does not hold yet. */
export function fontSheetsToLoad(wanted: readonly FontFaceSheet[], declared: Iterable<DeclaredFace>): string[] {
  const faces = [...declared];
  return wanted.filter((sheet) => !faces.some((face) => isFaceOf(face, sheet))).map(({ sheet }) => sheet);
}
