// The script chunks and style sheets a published page needs beyond what the entry loads,
// from the browser build's manifest (`dist/.vite/manifest.json`, with
// `module-chunks.json` for a module that starts no chunk of its own): the gateway
// preloads the scripts with the entry and links the style sheets in the page's head, so
// the server-rendered markup is styled before any script runs. The site's font style
// sheets go in the head too, and the files of the faces its text is first set in are
// preloaded: the page is drawn in them, without a swap, when they arrive in time.

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
 * The file of a font's first-screen face: the woff2 of the style sheet's Latin face
 * (every language the sites are published in is written in it), or undefined.
 */
function latinFace(css) {
  return /url\((\/assets\/[^)]*-latin-(?:\d+|wdth)-(?:normal|italic)-[^)]*\.woff2)\)/.exec(css)?.[1];
}

/**
 * `{scripts, styleSheets, fonts}` as site-rooted URLs: the code of `sources.scripts`, the
 * style sheets of `sources.styles` (with what they import) and of `sources.fonts`, none
 * the entry loads already, and the font files of `sources.firstScreenFonts` to preload.
 * `readAsset(file)` reads a built file's text (a font style sheet). A font the build
 * does not have is left out, as the browser's loader leaves it out.
 */
export function pageFiles(manifest, sources, moduleChunks = {}, readAsset = () => '') {
  const loaded = entryKeys(manifest);
  const scripts = chunksOf(manifest, moduleChunks, sources.scripts, loaded).map((chunk) => `/${chunk.file}`);
  const fontSheet = (key) => manifest[key]?.file;
  const styleSheets = [
    ...new Set([
      ...chunksOf(manifest, moduleChunks, sources.styles, loaded).flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)),
      ...(sources.fonts ?? []).map(fontSheet).filter(Boolean).map((file) => `/${file}`),
    ]),
  ];
  const fonts = (sources.firstScreenFonts ?? [])
    .map(fontSheet)
    .filter(Boolean)
    .map((file) => latinFace(readAsset(file)))
    .filter(Boolean);
  return { scripts, styleSheets, fonts: [...new Set(fonts)] };
}
