/*
 * The OpenAPI document as one readable HTML page: no script, no outside asset, nothing but the document.
 * Every text from the document is escaped.
 */

interface JsonSchema {
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface Media {
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}

interface Document {
  info?: { title?: string; description?: string };
  paths?: Record<string, Record<string, Operation> | undefined>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const MAX_DEPTH = 8;

const escapeHtml = (value: unknown) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');

/** The schema's alternatives, when it is a union. */
const variantsOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf ?? schema.allOf;

/** A short type: `string (binary)`, `integer`, `"0" | "1"`, `object[]`, `string | null`. */
function typeLabel(schema: JsonSchema): string {
  let label: string;
  const variants = variantsOf(schema);
  if (schema.$ref) label = schema.$ref.replace(/^.*\//, '');
  else if (variants) label = [...new Set(variants.map(typeLabel))].join(' | ');
  else if (schema.enum) label = schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  else if (schema.const !== undefined) label = JSON.stringify(schema.const);
  else if (schema.type === 'array') label = `${schema.items ? typeLabel(schema.items) : 'any'}[]`;
  else label = (schema.type ?? 'any') + (schema.format ? ` (${schema.format})` : '');
  return schema.nullable ? `${label} | null` : label;
}

/** Limits worth a reader's attention (not the integer range every number has). */
function limits(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) parts.push(`не короче ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`не длиннее ${schema.maxLength}`);
  if (schema.pattern) parts.push(`шаблон ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`по умолчанию ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) {
    const example = typeof schema.example === 'string' ? schema.example : JSON.stringify(schema.example);
    parts.push(`пример ${example}`);
  }
  return parts.length > 0 ? ` <span class="limits">(${escapeHtml(parts.join('; '))})</span>` : '';
}

/** The object a schema describes (directly, as the items of an array, or in a union), if any. */
function objectsIn(schema: JsonSchema): JsonSchema[] {
  if (schema.properties) return [schema];
  if (schema.type === 'array' && schema.items) return objectsIn(schema.items);
  return (variantsOf(schema) ?? []).flatMap(objectsIn);
}

function renderFields(schema: JsonSchema, depth: number): string {
  const required = new Set(schema.required ?? []);
  const items = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const optional = required.has(name) ? '' : ' <span class="optional">необязательно</span>';
    const description = field.description ? ` — ${escapeHtml(field.description)}` : '';
    return `<li><code class="field">${escapeHtml(name)}</code>: ${renderSchema(field, depth + 1)}${optional}${description}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function renderSchema(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return '';
  const head = `<code class="type">${escapeHtml(typeLabel(schema))}</code>${limits(schema)}`;
  if (depth >= MAX_DEPTH) return head;
  return (
    head +
    objectsIn(schema)
      .map((object) => renderFields(object, depth))
      .join('')
  );
}

function renderContent(content: Record<string, Media> | undefined): string {
  return Object.entries(content ?? {})
    .map(
      ([type, media]) =>
        `<div class="media"><code>${escapeHtml(type)}</code> ${renderSchema(media.schema)}</div>`,
    )
    .join('');
}

function renderParameters(parameters: Operation['parameters']): string {
  if (!parameters || parameters.length === 0) return '';
  const rows = parameters.map(
    (parameter) =>
      `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td>` +
      `<td>${renderSchema(parameter.schema, MAX_DEPTH)}</td><td>${parameter.required ? 'да' : 'нет'}</td></tr>`,
  );
  return (
    '<h4>Параметры</h4><table><tr><th>Имя</th><th>Где</th><th>Тип</th><th>Обязателен</th></tr>' +
    `${rows.join('')}</table>`
  );
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
  const body = operation.requestBody
    ? `<h4>Тело запроса</h4>${renderContent(operation.requestBody.content)}`
    : '';
  const responses = Object.entries(operation.responses ?? {}).map(
    ([status, response]) =>
      `<li><b>${escapeHtml(status)}</b> ${escapeHtml(response.description ?? '')}${renderContent(response.content)}</li>`,
  );
  return (
    `<details id="${id}"><summary><span class="method ${method}">${method.toUpperCase()}</span> ` +
    `<code>${escapeHtml(path)}</code> ${escapeHtml(operation.summary ?? '')}</summary>` +
    paragraphs(operation.description) +
    renderParameters(operation.parameters) +
    body +
    `<h4>Ответы</h4><ul>${responses.join('')}</ul></details>`
  );
}

/** The operations by their first tag, in the order the document declares them. */
function byTag(document: Document): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      sections.set(tag, [...(sections.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  return sections;
}

const style = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #222; }
h2 { border-bottom: 1px solid #ccc; margin-top: 32px; }
details { border: 1px solid #ddd; border-radius: 4px; margin: 6px 0; padding: 6px 10px; }
summary { cursor: pointer; }
.method { display: inline-block; min-width: 56px; font-weight: bold; color: #fff; text-align: center;
  border-radius: 3px; padding: 1px 4px; background: #555; }
.get { background: #1565c0; } .post { background: #2e7d32; } .put { background: #ef6c00; }
.delete { background: #c62828; }
code.type { color: #6a1b9a; } .optional, .limits { color: #777; font-size: 90%; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 2px 8px; text-align: left; }
ul { margin: 4px 0; }
`;

/** The whole page. */
export function renderReferencePage(document: unknown): string {
  const doc = document as Document;
  const title = doc.info?.title ?? 'API';
  const tags = byTag(doc);
  const sections = [...tags].map(
    ([tag, operations]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${operations.join('')}`,
  );
  const contents = [...tags.keys()]
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: справочник API</title><style>${style}</style></head>
<body>
<h1>${escapeHtml(title)}: справочник API</h1>
${paragraphs(doc.info?.description)}
<p>Машиночитаемое описание: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.0).</p>
<nav>${contents}</nav>
${sections.join('\n')}
</body>
</html>
`;
}
