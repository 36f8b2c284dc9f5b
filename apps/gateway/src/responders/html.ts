/**
 * Browser pages of `format: 'html'` routes (the OAuth authorization page): the page or redirect a
 * service returns, and errors as small HTML pages, all with headers that keep the page from being
 * framed, cached or scripted. An error is never a redirect: the target may not be validated.
 */
import type { FastifyReply } from 'fastify';
import { DomainError } from '@ncs/contracts';
import { escapeHtml } from '@ncs/service-kit';
import { ValidationProblem } from '../request-path/validate.js';
import { fastifyErrorName, logServerError, logUnhandled, type Responder } from './responder.js';

export interface HtmlPage {
  readonly html?: string;
  readonly redirect?: string;
  /** Where the page's forms may lead (CSP `form-action`, which browsers apply to the redirect too). */
  readonly formTargets?: readonly string[];
}

export const htmlResponder: Responder = {
  respond({ data, status }, request, reply) {
    return sendPage(reply, request.method, data as HtmlPage, status);
  },

  /** On a page route every error is an HTML page with its status, never a redirect. */
  fail(error, request, reply) {
    const requestId = String(request.id);
    if (error instanceof ValidationProblem) {
      const fields = (error.problem.errors ?? []).map((e) => `${e.pointer}: ${e.message}`).join('; ');
      return sendErrorPage(reply, 400, 'Bad request', fields || error.message, requestId);
    }
    const name = error instanceof DomainError ? undefined : fastifyErrorName(error);
    const domainError = error instanceof DomainError ? error : name ? new DomainError(name) : undefined;
    if (!domainError) logUnhandled(request, error);
    else logServerError(request, domainError);
    const status = domainError?.status ?? 500;
    const message = domainError?.expose ? domainError.message : 'Internal error.';
    return sendErrorPage(
      reply,
      status,
      status >= 500 ? 'Something went wrong' : 'Cannot continue',
      message,
      requestId,
    );
  },
};

/** A CSP source for a URL: its origin, or its scheme for a custom-scheme URI (native apps). */
function cspSource(target: string): string | undefined {
  try {
    const url = new URL(target);
    const source = url.origin !== 'null' ? url.origin : url.protocol;
    return /^[A-Za-z0-9+.\-:/[\]]+$/.test(source) ? source : undefined;
  } catch {
    return undefined;
  }
}

function sendPage(reply: FastifyReply, method: string, page: HtmlPage, status = 200): FastifyReply {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  if (page.redirect !== undefined) {
    // 303 after the form post, so the browser follows with GET.
    return reply
      .code(method === 'POST' ? 303 : 302)
      .header('Location', page.redirect)
      .header('Referrer-Policy', 'no-referrer')
      .send();
  }
  const targets = (page.formTargets ?? []).map(cspSource).filter((s): s is string => s !== undefined);
  return sendHtml(reply, status, page.html ?? '', targets);
}

function sendHtml(reply: FastifyReply, status: number, html: string, formTargets: readonly string[] = []) {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    `form-action ${["'self'", ...new Set(formTargets)].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return reply
    .code(status)
    .header('Content-Security-Policy', csp)
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}

function sendErrorPage(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  requestId: string,
): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p id="error">${escapeHtml(message)}</p>
<p><small>Request id: ${escapeHtml(requestId)}</small></p>
</body>
</html>
`;
  return sendHtml(reply, status, html);
}
