// The demo data as a client sees it (`npm start`, the benchmarks): credentials, overridable like
// the auth service's own DEMO_* settings, and a sign-in that returns a token and the network.
export const demo = {
  username: 'alice@acme.example',
  password: process.env.DEMO_PASSWORD ?? 'demo-pass-123',
  clientId: process.env.DEMO_CLIENT_ID ?? 'ncs-demo-app',
  clientSecret: process.env.DEMO_CLIENT_SECRET ?? 'demo-secret',
  subdomain: 'acme',
};

/** Password grant as alice, then `/whoami/`: her token, the acme network and her profile there. */
export async function signInAsDemo(baseUrl) {
  const form = new URLSearchParams({
    grant_type: 'password',
    username: demo.username,
    password: demo.password,
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
  });
  const tokenResponse = await fetch(`${baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  if (!tokenResponse.ok) {
    throw new Error(`POST /oauth/v2/token: ${tokenResponse.status} ${await tokenResponse.text()}`);
  }
  const token = (await tokenResponse.json()).access_token;
  const whoami = await fetch(`${baseUrl}/whoami/`, { headers: { authorization: `Bearer ${token}` } });
  if (!whoami.ok) throw new Error(`GET /whoami/: ${whoami.status} ${await whoami.text()}`);
  const network = (await whoami.json()).networks?.find((n) => n.subdomain === demo.subdomain);
  if (!network) throw new Error(`GET /whoami/: ${demo.username} is not in the network "${demo.subdomain}"`);
  return { token, networkEID: network.EID, profileEID: network._user.profile.EID };
}
