// Points dependency-cruiser's `typescript` at typescript-for-depcruise.mjs (why: see that file), for both
// of the ways it looks the package up: require() for the version and availability, import() for the API.
// Only requests made from inside dependency-cruiser are redirected; everything else sees the real TypeScript.
import Module, { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHIM = path.join(here, 'typescript-for-depcruise.mjs');
const MANIFEST = path.join(here, 'typescript-for-depcruise.json');
const fromDepcruise = (file) => typeof file === 'string' && file.includes(`${path.sep}dependency-cruiser${path.sep}`);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (fromDepcruise(parent?.filename)) {
    if (request === 'typescript') return SHIM;
    if (request === 'typescript/package.json') return MANIFEST;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

register('./typescript-hooks.mjs', import.meta.url);
