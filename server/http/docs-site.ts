// What the reference server serves besides the API: the contract itself (`/openapi.json`, `/openapi.yaml`),
// the rendered reference (`/docs`, built by `npm run docs`) and the try-it console (`/docs/console/`: Swagger
// UI from the swagger-ui-dist package, pointed at this server's own /v1). Every file comes from this package
// or node_modules: the pages load nothing from another host.
import express, { Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RESOURCE_ROOT, type Contract } from '../../spec';

export interface DocsSiteOptions {
  contract: Contract;
  /** The rendered reference (docs/site); served at /docs when the folder exists. */
  siteDir?: string;
}

/** docs/ beside the contract (the project's, or the package's copy): the console page and the favicon. */
const ASSETS = join(RESOURCE_ROOT, 'docs');
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));

export function docsSite({ contract, siteDir }: DocsSiteOptions): Router {
  const router = Router();
  const json = JSON.stringify(contract.document);
  const yaml = readFileSync(contract.path);
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(yaml);
  });
  router.get('/docs/favicon.svg', (_req, res) => {
    res.sendFile(join(ASSETS, 'site-assets', 'favicon.svg'));
  });
  router.use('/docs/console/swagger-ui', express.static(SWAGGER_UI, { index: false }));
  router.use('/docs/console', express.static(join(ASSETS, 'console')));
  if (siteDir && existsSync(siteDir)) router.use('/docs', express.static(siteDir));
  return router;
}
