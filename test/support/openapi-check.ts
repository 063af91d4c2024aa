// Checks a live answer against /v1/openapi.json: given method, route template (`/v1/orgs/:orgSlug`
// or `/v1/orgs/{orgSlug}`), status and body, validates the body with ajv's 2020-12 dialect (as
// OpenAPI 3.1 uses) against the schema the document gives that status. Records which were checked.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../src/http/rest/openapi.ts';
import { openApiPath } from '../../src/http/rest/openapi.ts';

type Json = any;
// ajv-formats is CommonJS: its function is the default export's `default` under Node's ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export function createResponseChecker(document: OpenApiDocument) {
  // `format`s are checked too (date-time, uuid, uri), with ajv-formats; `example` never appears inside schemas.
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const rewrite = (schema: Json) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'));
  ajv.addSchema({ $id: 'components', $defs: rewrite(document.components.schemas) });
  const checked = new Set<string>();

  function check(method: string, template: string, status: number, body: unknown) {
    const path = openApiPath(template);
    const operation = (document.paths as Json)[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method} ${path} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      if (body !== undefined && body !== '') throw new Error(`${method} ${path} ${status} is documented without a body but answered ${JSON.stringify(body)}`);
    } else {
      const validate = ajv.compile(rewrite(schema));
      if (!validate(body)) throw new Error(`${method} ${path} ${status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 500)}`);
    }
    checked.add(`${method.toUpperCase()} ${path} ${status}`);
  }

  return { check, checked };
}
