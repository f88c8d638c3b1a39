// Validates an AsyncAPI document with the AsyncAPI parser (its Spectral rules check the
// document against the AsyncAPI 3 schema and its references), and, given a JSON Lines
// file of published events ({"subject", "payload"} a line), each event's payload against
// the message schema of the channel at its subject (an address's `{parameter}` stands
// for one token of the subject). Prints every finding; exits 1 on any error or warning,
// or on an event the document does not describe.
import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const SEVERITY = ['error', 'warning', 'info', 'hint'];

const [file, eventsFile] = process.argv.slice(2);
if (!file) {
  console.error('usage: node validate.mjs ASYNCAPI_FILE [EVENTS_JSONL]');
  process.exit(2);
}
const { document, diagnostics } = await new Parser().parse(readFileSync(file, 'utf8'), { source: file });
for (const finding of diagnostics) {
  const where = finding.path.join('.') || '(document)';
  console.log(`${file}: ${SEVERITY[finding.severity]} ${finding.code} at ${where}: ${finding.message}`);
}
const problems = diagnostics.filter((diagnostic) => diagnostic.severity <= 1).length;
if (!document || problems > 0) {
  console.error(`${file}: ${problems} error(s) or warning(s)`);
  process.exit(1);
}
const channels = document.channels().all();
console.log(`${file}: valid AsyncAPI ${document.version()}, channels ${channels.map((c) => c.address()).join(', ')}`);

if (eventsFile) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = channels.map((channel) => ({
    subject: addressPattern(channel.address()),
    validators: channel.messages().all().map((message) => ajv.compile(message.payload().json())),
  }));
  const lines = readFileSync(eventsFile, 'utf8').split('\n').filter(Boolean);
  let failed = 0;
  for (const line of lines) {
    const { subject, payload } = JSON.parse(line);
    const candidates = validators.find((channel) => channel.subject.test(subject))?.validators;
    if (!candidates) {
      console.error(`${eventsFile}: no channel describes ${subject}`);
      failed += 1;
      continue;
    }
    if (!candidates.some((validate) => validate(payload))) {
      const errors = candidates.flatMap((validate) => validate.errors ?? []);
      console.error(`${eventsFile}: ${subject} does not match its message: ${ajv.errorsText(errors)}`);
      failed += 1;
    }
  }
  if (failed > 0) process.exit(1);
  console.log(`${eventsFile}: ${lines.length} event(s) match the document`);
}

/** A channel's address as a pattern of the subjects it stands for: `{siteId}` is one token. */
function addressPattern(address) {
  const escaped = address.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{[^}]+\}/g, '[^.]+')}$`);
}
