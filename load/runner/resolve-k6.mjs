// Module hook: k6's built-in modules are the files in ./k6/ (k6 → k6/index.js, k6/http → k6/http.js).
const shims = new URL('./k6/', import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier === 'k6') return { url: new URL('index.js', shims).href, shortCircuit: true };
  if (specifier.startsWith('k6/'))
    return { url: new URL(`${specifier.slice(3)}.js`, shims).href, shortCircuit: true };
  return next(specifier, context);
}
