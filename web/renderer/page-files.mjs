// The script chunks and style sheets a published page needs beyond what the entry loads,
// from the browser build's manifest (`dist/.vite/manifest.json`, with
// `module-chunks.json` for a module that starts no chunk of its own): the gateway
// preloads the scripts with the entry and links the style sheets in the page's head, so
// the server-rendered markup is styled before any script runs. The site's web fonts come
// after the first paint, which is set in their metric-matched fallback faces: a font
// named in the head holds the browser's first paint until it arrives.

/** The manifest keys of what the entry loads (index.html and its static imports). */
function entryKeys(manifest) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return keys;
}

/** The manifest key of the chunk holding `source`: its own, or the shared one it went into. */
function chunkKey(manifest, moduleChunks, source) {
  if (manifest[source]) return source;
  const file = moduleChunks[source];
  const key = file && Object.keys(manifest).find((candidate) => manifest[candidate].file === file);
  if (!key) throw new Error(`the build has no chunk for ${source}`);
  return key;
}

/** The chunks of `sources` and of their static imports, minus the entry's, in load order. */
function chunksOf(manifest, moduleChunks, sources, loaded) {
  const seen = new Set(loaded);
  const chunks = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const imported of chunk.imports ?? []) visit(imported);
    chunks.push(chunk);
  };
  for (const source of sources) visit(chunkKey(manifest, moduleChunks, source));
  return chunks;
}

/**
 * The fallback faces a font style sheet declares (build/font-sheets.ts): local system fonts
 * with the web font's metrics, named "<family> fallback", which need no download.
 */
function fallbackFaces(css) {
  return (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).filter((face) => face.includes('local(') && !face.includes('url('));
}

/**
 * `{scripts, styleSheets, fontSheets, fontFallbacks}`, the first three as site-rooted
 * URLs: the code of `sources.scripts`, the style sheets of `sources.styles` (with what
 * they import), none the entry loads already, and the site's font style sheets
 * (`sources.fonts`), which the page loads once it has painted: its first paint is set in
 * the fallback faces those sheets declare, `fontFallbacks` (CSS for the head), whose
 * metrics keep the text in place when the web fonts swap in. `readAsset(file)` reads a
 * built file's text. A font the build does not have is left out, as the browser's loader
 * leaves it out.
 */
export function pageFiles(manifest, sources, moduleChunks = {}, readAsset = () => '') {
  const loaded = entryKeys(manifest);
  const scripts = chunksOf(manifest, moduleChunks, sources.scripts, loaded).map((chunk) => `/${chunk.file}`);
  const styleSheets = [
    ...new Set(
      chunksOf(manifest, moduleChunks, sources.styles, loaded).flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)),
    ),
  ];
  const fontFiles = [...new Set((sources.fonts ?? []).map((key) => manifest[key]?.file).filter(Boolean))];
  const fontFallbacks = [...new Set(fontFiles.flatMap((file) => fallbackFaces(readAsset(file))))].join('');
  return { scripts, styleSheets, fontSheets: fontFiles.map((file) => `/${file}`), fontFallbacks };
}
