// Jest 29 cannot require content-disposition 3 (an ES module that @fastify/static 10 loads for
// reply.download(), which this app never calls). Under Jest only, this CommonJS stand-in builds
// the same RFC 6266 header; Node itself loads the real package.
'use strict';

function create(filename, options = {}) {
  const type = options.type || 'attachment';
  if (filename === undefined) return type;
  const name = String(filename).split(/[\\/]/).pop();
  const ascii = name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === name ? `${type}; filename="${ascii}"` : `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

module.exports = { create };
