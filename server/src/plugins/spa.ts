import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@contract/messages';
import { decodedPath, isApiRequest } from './security';

export const DIST_DIR = path.resolve(__dirname, '../../../dist');

/** Build files that are not for the public: `.vite/` (the manifest), dotfiles, source maps. */
export function isPrivateBuildFile(pathname: string): boolean {
  const p = decodedPath(pathname).toLowerCase();
  return /(^|\/)\./.test(p) || /\.map(\.(br|gz))?$/.test(p);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API path answered with index.html so the client router can show it.
 */
export async function registerSpa(app: FastifyInstance, distDir = DIST_DIR): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      // The build's manifest (kept for the bench) and any source map stay on the server.
      allowedPath: (pathname) => !isPrivateBuildFile(pathname),
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        // The service worker and the manifest are checked for updates on every visit (docs/adr/0088).
        const html = file.endsWith('.html') || file.endsWith(`${path.sep}sw.js`) || file.endsWith('.webmanifest');
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // eslint-disable-next-line no-restricted-syntax -- no route matched: the decoded path is all there is
    if (isApiRequest(request) || decodedPath(request.url).startsWith('/socket.io')) {
      return reply.status(404).send({ msg: MSG.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ msg: MSG.notFound });
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send('Aplikacja nie jest zbudowana: uruchom "npm run build".');
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
