import type { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Domain } from '../domain';
import { badRequest } from '../domain/errors';
import { spooledUploadOf } from './multipart-upload';
import { partnerOf, sendJson } from './types';

/** Tag Media: upload send media, download inbound chat media. */
export function mediaRoutes(router: Router, domain: Domain): void {
  const media = domain.media;

  router.post('/media', async (req, res) => {
    const file = spooledUploadOf(res);
    if (!file) throw badRequest('The request is invalid.', { details: { file: ['is required'] } });
    const uploaded = await media.upload(partnerOf(res), String((req.body as { client_ref: string }).client_ref), file);
    sendJson(res, 'uploadMedia', 201, uploaded);
  });

  router.get('/media/:media_id', async (req, res) => {
    const content = await media.download(partnerOf(res), String(req.query.client_ref), req.params.media_id!);
    res.status(200);
    res.setHeader('Content-Type', content.mimeType);
    res.setHeader('Content-Length', String(content.size));
    res.setHeader('X-Media-Sha256', content.sha256);
    await pipeline(content.open(), res);
  });
}
