import type { Request, Router } from 'express';
import type { Domain } from '../domain';
import { badRequest } from '../domain/errors';
import { toApiTemplate, type TemplateListFilter } from '../domain/templates';
import type { TemplateMediaFormat } from '../provider/channel-provider';
import type { CreateTemplateRequest } from '../domain/templates-rules';
import { spooledUploadOf } from './multipart-upload';
import { partnerOf, sendJson } from './types';

const queryString = (req: Request, name: string): string | undefined => {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const queryFlag = (req: Request, name: string): boolean => {
  const value = (req.query as Record<string, unknown>)[name];
  return value === true || value === 'true';
};

/** Tag Templates: parse → domain → status. Shapes are checked by the validator; rules by domain/templates*. */
export function templatesRoutes(router: Router, domain: Domain): void {
  const templates = domain.templates;

  router.get('/templates', async (req, res) => {
    const filter: TemplateListFilter = {};
    const status = queryString(req, 'status');
    const category = queryString(req, 'category');
    if (status) filter.status = status as TemplateListFilter['status'];
    if (category) filter.category = category as TemplateListFilter['category'];
    filter.language = queryString(req, 'language');
    filter.search = queryString(req, 'search');
    const list = await templates.list(partnerOf(res), queryString(req, 'client_ref')!, filter, queryFlag(req, 'refresh'));
    sendJson(res, 'listTemplates', 200, list);
  });

  router.post('/templates', async (req, res) => {
    const created = await templates.create(partnerOf(res), req.body as CreateTemplateRequest);
    sendJson(res, 'createTemplate', 201, toApiTemplate(created));
  });

  router.post('/templates/media', async (req, res) => {
    const file = spooledUploadOf(res);
    if (!file) throw badRequest('The request is invalid.', { details: { file: ['is required'] } });
    const { client_ref: clientRef, format } = req.body as { client_ref: string; format?: TemplateMediaFormat };
    sendJson(res, 'uploadTemplateMedia', 201, await templates.uploadMedia(partnerOf(res), clientRef, file, format));
  });

  router.get('/templates/:template_ref', async (req, res) => {
    const template = await templates.get(
      partnerOf(res),
      queryString(req, 'client_ref')!,
      req.params.template_ref!,
      queryString(req, 'language'),
      queryFlag(req, 'refresh'),
    );
    sendJson(res, 'getTemplate', 200, toApiTemplate(template));
  });

  router.patch('/templates/:template_ref', async (req, res) => {
    const edited = await templates.edit(
      partnerOf(res),
      queryString(req, 'client_ref')!,
      req.params.template_ref!,
      queryString(req, 'language'),
      req.body as CreateTemplateRequest,
    );
    sendJson(res, 'updateTemplate', 200, toApiTemplate(edited));
  });

  router.delete('/templates/:template_ref', async (req, res) => {
    await templates.delete(partnerOf(res), queryString(req, 'client_ref')!, req.params.template_ref!, queryString(req, 'language'));
    res.status(204).end();
  });
}
