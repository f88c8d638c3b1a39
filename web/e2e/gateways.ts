// Where the e2e gateways keep their data: a fresh directory per gateway and run, so tests
// start from the seeded members only and can read the e-mails (mail/*.eml) from disk.

import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The single-location gateway listens on the port after the demo chain's. */
export function singleBaseURL(port: number): string {
  return `http://127.0.0.1:${port + 1}`;
}

/** The GDPR copy of the demo chain listens on the port after the single-location one's. */
export function gdprBaseURL(port: number): string {
  return `http://127.0.0.1:${port + 2}`;
}

/** The demo chain under another loyalty brand (LOYALTY_BRAND) listens on the port after that. */
export function brandBaseURL(port: number): string {
  return `http://127.0.0.1:${port + 3}`;
}

/** The brand the gateway at brandBaseURL gives its loyalty headers, queries and fields. */
export const OTHER_BRAND = 'Marquee';

const DATA_DIRS_VARIABLE = 'E2E_DATA_DIRS';
const GDPR_SITE_VARIABLE = 'E2E_GDPR_SITE';

/**
 * The demo chain set in Ireland, so under GDPR (docs/consent-and-ads.md#consent-state): a copy of
 * `demoSiteDir` made once by the config, with the country changed and nothing else.
 */
export function gdprSiteDir(demoSiteDir: string): string {
  const existing = process.env[GDPR_SITE_VARIABLE];
  if (existing) return existing;
  const made = join(mkdtempSync(join(tmpdir(), 'cinema-e2e-gdpr-')), 'site');
  cpSync(demoSiteDir, made, { recursive: true });
  const siteFile = join(made, 'site.json');
  const site = JSON.parse(readFileSync(siteFile, 'utf8')) as { config: Record<string, unknown> };
  const ireland = { code: 'ie', iso31661A2: 'IE', iso31661A3: 'IRL', name: 'Ireland' };
  site.config.country = ireland;
  site.config.allCountries = [ireland];
  writeFileSync(siteFile, JSON.stringify(site, null, 2));
  process.env[GDPR_SITE_VARIABLE] = made;
  return made;
}

/**
 * The data directory of the gateway on `port`: made once by the config, then found again
 * by the test workers through the environment they inherit.
 */
export function e2eDataDir(port: number): string {
  const known = JSON.parse(process.env[DATA_DIRS_VARIABLE] ?? '{}') as Record<string, string>;
  const existing = known[String(port)];
  if (existing) return existing;
  const made = mkdtempSync(join(tmpdir(), `cinema-e2e-${port}-`));
  process.env[DATA_DIRS_VARIABLE] = JSON.stringify({ ...known, [String(port)]: made });
  return made;
}

/**
 * A Google Cloud service account's key file for the wallet passes, with a key made for
 * this run (Google is not reachable here; the test answers for its save page).
 */
export function walletServiceAccountFile(dataDir: string): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const file = join(dataDir, 'wallet-service-account.json');
  writeFileSync(
    file,
    JSON.stringify({
      type: 'service_account',
      private_key_id: 'e2e',
      private_key: privateKey,
      client_email: 'wallet@cinema-e2e.iam.gserviceaccount.com',
    }),
  );
  return file;
}

/** The newest e-mail to `address` whose text matches `pattern`: the first capture group. */
export function readMail(port: number, address: string, pattern: RegExp): string | undefined {
  const dir = join(e2eDataDir(port), 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const newestFirst = files
    .map((file) => ({ file, time: statSync(join(dir, file)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { file } of newestFirst) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!text.toLowerCase().includes(address.toLowerCase())) continue;
    const match = pattern.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/**
 * The ingest key the embedded gateway on `port` wrote for its site `site` on its first
 * start (docs/ingest.md#ingest-keys: `$DATA_DIR/ingest/{site}.key`).
 */
export function ingestKey(port: number, site: string): string {
  return readFileSync(join(e2eDataDir(port), 'ingest', `${site}.key`), 'utf8').trim();
}
