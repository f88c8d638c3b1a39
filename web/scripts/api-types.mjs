// `npm run api-types`: src/types/api-schema.ts, the TypeScript types of the gateway's
// OpenAPI document (docs/openapi.json, which a gateway test keeps equal to what the Rust
// handlers describe), made with openapi-typescript. src/types/api.ts names them for the
// app. The file is not committed: the build, type check, lint and tests make it first
// (their `pre` scripts), so the app is always checked against the API as it is.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const OPENAPI_DOCUMENT = join(webRoot, '../docs/openapi.json');
const API_SCHEMA_FILE = join(webRoot, 'src/types/api-schema.ts');

const HEADER = `// Generated from docs/openapi.json by \`npm run api-types\` (scripts/api-types.mjs),
// not committed: do not edit. src/types/api.ts names these types for the app.
`;

/** The text of src/types/api-schema.ts for the document as it is now. */
async function generateApiTypes() {
  const document = JSON.parse(await readFile(OPENAPI_DOCUMENT, 'utf8'));
  // A property with a default is one serde fills in when it is absent: it stays optional,
  // as the document lists it, rather than required. An array of a fixed length (an ad
  // size's [width, height]) is a tuple.
  const ast = await openapiTS(document, { defaultNonNullable: false, arrayLength: true, silent: true });
  return `${HEADER}\n${astToString(ast)}`;
}

// Written only when it changes, so a build that is up to date stays so.
const types = await generateApiTypes();
const current = await readFile(API_SCHEMA_FILE, 'utf8').catch(() => '');
if (current !== types) await writeFile(API_SCHEMA_FILE, types);
