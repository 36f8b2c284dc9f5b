/**
 * No emitted link dangles: every link of the aggregate, the network, a profile, a group
 * and a theme, followed as an administrator and as a member, reaches a route of the table. A 403 or
 * a 404 for a missing resource is fine; a 404 "No route" (code -6) is not. Affordances: a message
 * and the network timeline too, whose action links (`like`, `lock`…) and `create` link are followed
 * by the same GET: an action answers it 405 with `Allow: POST` (the route is there, for a POST), a
 * `create` link is the collection itself or `/messages/`, which answer a GET too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';
import { newMessage } from '../../support/factories/messages.js';

afterAll(closeFactories);

type Links = Record<string, { href: string }>;

let network: TestNetwork;
let callers: { name: string; token: string; profileEID: string }[];
let groupEID: string;
let themeEID: string;
let messageEID: string;

beforeAll(async () => {
  network = await newNetwork();
  const bob = await network.newMember();
  const alice = network.admin;
  const [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
  callers = [
    { name: 'alice (admin)', token: aliceToken, profileEID: alice.profileEID },
    { name: 'bob (member)', token: bobToken, profileEID: bob.profileEID },
  ];
  const theme = await call(`/networks/${network.networkEID}/themes/`, {
    token: aliceToken,
    json: { name: 'Links theme', default: true },
  });
  if (theme.status !== 201) throw new Error(`theme: ${theme.status} ${theme.text}`);
  themeEID = String(theme.body.EID);
  groupEID = (await newGroup(network.networkEID, aliceToken)).EID;
  messageEID = (await newMessage(network.networkEID, bobToken)).EID;
});

/** The links of the resources the issue names, as `token` reads them in `version`. */
async function linksOf(token: string, profileEID: string, version: string): Promise<[string, string][]> {
  const net = `/networks/${network.networkEID}`;
  const paths = [
    `${net}/aggregate/`,
    `${net}/`,
    `${net}/users/${profileEID}/`,
    `${net}/groups/${groupEID}/`,
    `${net}/themes/${themeEID}/`,
    `${net}/messages/${messageEID}/`,
    `${net}/timeline/`,
  ];
  const found: [string, string][] = [];
  for (const path of paths) {
    const response = await call(path, { token, accept: mediaType(version) });
    expect(response.status, `${path} ${response.text}`).toBe(200);
    for (const [rel, link] of Object.entries(response.body._links as Links)) {
      found.push([`${path} ${rel}`, link.href]);
    }
  }
  return found;
}

/**
 * Follows a link (a GET); a POST-only action answers 405 with `Allow`, which is a route too. The
 * live stream is asked to end after a second, or the GET would never end.
 */
async function follow(token: string, href: string, version: string) {
  const url = new URL(href);
  if (url.pathname.endsWith('/stream')) url.searchParams.set('closeAfter', '1');
  const response = await call(`${url.pathname}${url.search}`, { token, accept: mediaType(version) });
  return {
    status: response.status,
    code: response.body?.code,
    allow: response.headers.get('allow'),
    text: response.text,
  };
}

describe('links of the aggregate, the network, a profile, a group and a theme', () => {
  for (const version of ['2026.1.13', '2023.0.1', '1.6.8']) {
    it(`lead to routes of the table for an administrator and a member (v${version})`, async () => {
      const dangling: string[] = [];
      const rels = new Set<string>();
      for (const caller of callers) {
        for (const [name, href] of await linksOf(caller.token, caller.profileEID, version)) {
          rels.add(name.split(' ')[1]!);
          const answer = await follow(caller.token, href, version);
          expect(answer.status, `${caller.name} ${name} ${href}: ${answer.text}`).toBeLessThan(500);
          if (answer.status === 405) expect(answer.allow, `${caller.name} ${name} ${href}`).toMatch(/POST/);
          if (answer.status === 404 && answer.code === -6) dangling.push(`${caller.name}: ${name} ${href}`);
        }
      }
      // The relations the issue found dangling are among those followed.
      expect([...rels]).toEqual(
        expect.arrayContaining(['newFeatures', 'settings', 'networkTimeline', 'liveStream']),
      );
      // Affordances: action links of both callers (the author's `lock`) and the timeline's `create`.
      expect([...rels]).toEqual(expect.arrayContaining(['like', 'read', 'lock', 'remove', 'create']));
      if (version !== '1.6.8') expect([...rels]).toEqual(expect.arrayContaining(['hostInfo']));
      expect(dangling).toEqual([]);
    });
  }
});
