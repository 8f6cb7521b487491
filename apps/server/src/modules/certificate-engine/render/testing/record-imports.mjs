// Test helper, loaded with `node --import tsx --import ./record-imports.mjs`: records the URL of every module
// the ESM loader resolves (our TypeScript imports packages through it), in `globalThis.__resolvedModules`.
// Registered after tsx, so its hook runs first and sees every resolution.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
globalThis.__resolvedModules = [];
port1.on('message', (url) => globalThis.__resolvedModules.push(url));
port1.unref();
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url, {
  data: { port: port2 },
  transferList: [port2],
});
