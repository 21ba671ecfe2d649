// Validates each .glb/.gltf path given on the command line with the Khronos
// glTF validator (npm package gltf-validator, pinned in package.json) and
// prints one line per file: errors, warnings, infos, hints, then the error
// and warning messages. Exit status: 0 when no file has an error, 1 when any
// file has an error or cannot be read, 2 on bad usage.
//
// Usage: node validate.mjs FILE...   (run `npm ci` in this folder first)
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const validator = require('gltf-validator');

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: node validate.mjs FILE.glb...');
  process.exit(2);
}

let failed = false;
for (const path of paths) {
  let bytes;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    console.error(`${path}: cannot read: ${error.message}`);
    failed = true;
    continue;
  }
  // maxIssues 0 = report every issue; external resources are not allowed
  // (the knights embed everything), so a stray URI is reported as an error.
  const report = await validator.validateBytes(bytes, { uri: path, maxIssues: 0 });
  const issues = report.issues;
  console.log(`${path}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
              `${issues.numInfos} infos, ${issues.numHints} hints`);
  for (const message of issues.messages) {
    // Severity: 0 error, 1 warning, 2 info, 3 hint.
    if (message.severity <= 1) {
      const kind = message.severity === 0 ? 'error' : 'warning';
      console.log(`  ${kind} ${message.code} at ${message.pointer ?? '-'}: ${message.message}`);
    }
  }
  if (issues.numErrors > 0) failed = true;
}
process.exit(failed ? 1 : 0);
