import type { Domain } from '../domain';
import type { TemplateListFilter } from '../domain/templates/templates';
import { templateListShape, templateMediaShape, templateShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** An empty query value counts as not given. */
const given = <T extends string>(value: T | undefined): T | undefined => value || undefined;

/** Tag Templates, within the key's partner: parse → domain → status. Shapes are checked by the validator; rules by domain/templates*. */
export function templatesHandlers(domain: Domain): ReferenceHandlers<'Templates'> {
  const templates = domain.templates;

  return {
    listTemplates: async ({ key, query }) => {
      const filter: TemplateListFilter = {};
      const status = given(query.status);
      const category = given(query.category);
      if (status) filter.status = status;
      if (category) filter.category = category;
      filter.language = given(query.language);
      filter.search = given(query.search);
      return { status: 200, body: templateListShape(await templates.list(key.partnerId, query.client_ref, filter, query.refresh === true)) };
    },

    createTemplate: async ({ key, body }) => ({ status: 201, body: templateShape(await templates.create(key.partnerId, body)) }),

    uploadTemplateMedia: async ({ key, body, files }) => ({ status: 201, body: templateMediaShape(await templates.uploadMedia(key.partnerId, body.client_ref, files.file, body.format)) }),

    getTemplate: async ({ key, path, query }) => {
      const template = await templates.get(key.partnerId, query.client_ref, path.template_ref, given(query.language), query.refresh === true);
      return { status: 200, body: templateShape(template) };
    },

    updateTemplate: async ({ key, path, query, body }) => {
      const edited = await templates.edit(key.partnerId, query.client_ref, path.template_ref, given(query.language), body);
      return { status: 200, body: templateShape(edited) };
    },

    deleteTemplate: async ({ key, path, query }) => {
      await templates.delete(key.partnerId, query.client_ref, path.template_ref, given(query.language));
      return { status: 204 };
    },
  };
}
