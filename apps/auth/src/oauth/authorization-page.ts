/**
 * The HTML of the authorization page: sign in, then accept or decline. Every value is escaped;
 * the page has no script, and the gateway sends it with a strict Content-Security-Policy.
 */
import { escapeHtml } from '@ncs/service-kit';

const scopeDescriptions: Readonly<Record<string, string>> = {
  'profile.basic.read': 'Read your basic profile: EID, name, avatar, job title and preferred language.',
};

export interface PageContext {
  /** Where the form posts to, e.g. `/auth`. */
  readonly action: string;
  readonly formToken: string;
  readonly appName: string;
  readonly networkName: string;
  readonly scopes: readonly string[];
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.4rem 0}input{padding:.4rem}button{padding:.5rem}.error{color:#a00}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function scopeList(scopes: readonly string[]): string {
  const items = scopes
    .map(
      (scope) =>
        `<li><code class="scope">${escapeHtml(scope)}</code>: ${escapeHtml(scopeDescriptions[scope] ?? scope)}</li>`,
    )
    .join('');
  return `<ul id="scopes">${items}</ul>`;
}

export function loginPage(page: PageContext, error?: string): string {
  return layout(
    `Sign in to ${page.networkName}`,
    `<h1>Sign in to ${escapeHtml(page.networkName)}</h1>
<p><strong id="app-name">${escapeHtml(page.appName)}</strong> asks for access to your account:</p>
${scopeList(page.scopes)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.formToken)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button id="sign-in" type="submit" name="action" value="login">Sign in</button>
</form>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.formToken)}">
<button id="cancel" type="submit" name="action" value="decline">Cancel</button>
</form>`,
  );
}

export function consentPage(page: PageContext, personName: string): string {
  return layout(
    `Allow ${page.appName}?`,
    `<h1>Allow <span id="app-name">${escapeHtml(page.appName)}</span>?</h1>
<p>Signed in as ${escapeHtml(personName)} in ${escapeHtml(page.networkName)}.</p>
<p>${escapeHtml(page.appName)} will be able to:</p>
${scopeList(page.scopes)}
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.formToken)}">
<button id="accept" type="submit" name="action" value="accept">Accept</button>
<button id="decline" type="submit" name="action" value="decline">Decline</button>
</form>`,
  );
}
