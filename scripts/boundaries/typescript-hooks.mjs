// Module hooks for import() (and, on Node versions that run them for require(), for that too): see
// use-typescript-shim.mjs.
const STAND_INS = { typescript: 'typescript-for-depcruise.mjs', 'typescript/package.json': 'typescript-for-depcruise.json' };

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(STAND_INS, specifier) && context.parentURL?.includes('/dependency-cruiser/'))
    return { url: new URL(STAND_INS[specifier], import.meta.url).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
