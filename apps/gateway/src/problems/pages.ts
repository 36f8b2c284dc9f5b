/**
 * The pages problem `type` URIs point at (RFC 9457 §3.1.1: a `type` should resolve to
 * human-readable documentation): `GET /docs/problems/{kebab-name}`, generated from the error
 * catalogue. HTML by default; JSON when the client prefers `application/json`. An unknown name is
 * a 404 problem (through the error handler).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, errorCatalogue, type ErrorDefinition, type ErrorName } from '@ncs/contracts';
import { escapeHtml } from '@ncs/service-kit';
import { PROBLEM_TYPE_PATH, problemSlug, statusText } from './problem.js';

export interface ProblemPage {
  readonly name: ErrorName;
  readonly slug: string;
  readonly status: number;
  readonly title: string;
  readonly code: number;
  readonly message: string;
}

const pages: ReadonlyMap<string, ProblemPage> = new Map(
  (Object.entries(errorCatalogue) as [ErrorName, ErrorDefinition][]).map(([name, definition]) => {
    const slug = problemSlug(name);
    return [
      slug,
      {
        name,
        slug,
        status: definition.status,
        title: statusText(definition.status),
        code: definition.code,
        message: definition.message,
      },
    ];
  }),
);

/** The page of a kebab-case error name, or undefined. */
export function problemPage(slug: string): ProblemPage | undefined {
  return pages.get(slug);
}

export function problemPageHtml(page: ProblemPage): string {
  const rows: [string, string][] = [
    ['Error name', page.name],
    ['HTTP status', `${page.status} ${page.title}`],
    ['Code', String(page.code)],
    ['Meaning', page.message],
  ];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(page.name)}</title></head>
<body>
<h1>${escapeHtml(page.name)}</h1>
<dl>
${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>
<p>Answered as <code>application/problem+json</code> (RFC 9457) with this <code>type</code>,
<code>status</code> and <code>code</code>; <code>detail</code> says what went wrong in the request,
and <code>errors</code> lists the failing fields of a validation error.</p>
<p><a href="${escapeHtml(PROBLEM_TYPE_PATH)}">All problem types</a></p>
</body>
</html>
`;
}

export function problemIndexHtml(): string {
  const items = [...pages.values()].map(
    (page) =>
      `<li><a href="${escapeHtml(`${PROBLEM_TYPE_PATH}${page.slug}`)}">${escapeHtml(page.name)}</a> ` +
      `(${page.status}, ${page.code}): ${escapeHtml(page.message)}</li>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Problem types</title></head>
<body>
<h1>Problem types</h1>
<ul>
${items.join('\n')}
</ul>
</body>
</html>
`;
}

function prefersJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\bjson\b/i.test(accept) && !/text\/html/i.test(accept);
}

function sendDoc(reply: FastifyReply, html: string, json: unknown, asJson: boolean): FastifyReply {
  reply
    .header('Vary', 'Accept')
    .header('Cache-Control', 'public, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff');
  if (asJson) return reply.type('application/json').send(JSON.stringify(json));
  return reply
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}

export function registerProblemPages(app: FastifyInstance): void {
  app.get(PROBLEM_TYPE_PATH, (request, reply) =>
    sendDoc(reply, problemIndexHtml(), [...pages.values()], prefersJson(request)),
  );
  app.get<{ Params: { name: string } }>(`${PROBLEM_TYPE_PATH}:name`, (request, reply) => {
    const page = problemPage(request.params.name);
    if (!page) throw new DomainError('NOT_FOUND', `No problem type ${request.params.name}.`);
    return sendDoc(reply, problemPageHtml(page), page, prefersJson(request));
  });
}
