/**
 * Contract test (issue #3): schemathesis generates requests for every operation of the gateway's
 * OpenAPI document, valid and invalid, and checks every answer against the document: no server
 * error, no response that violates its schema, status code, content type or headers, valid data
 * accepted and invalid data rejected. The data it needs (a network, an admin, a category, a page)
 * is created here; the run must end without a single failure.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, LATEST, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { setXid } from '../../support/factories/directory.js';
import { ensureSchemathesis } from '../../support/schemathesis.js';
// Concern: polls (issue #11).
import { newPoll } from '../../support/factories/polls.js';

afterAll(closeFactories);

const configDir = fileURLToPath(new URL('../../schemathesis/', import.meta.url));

describe('schemathesis against /openapi.json', () => {
  it('finds no server error, schema violation or other failed check in any operation', async () => {
    const st = ensureSchemathesis();
    const network = await newNetwork('Schemathesis network');
    const member = await network.newMember();
    const token = await network.admin.token();
    const categoryEID = await newKbCategory(network.networkEID, token);
    const pageEID = await newKbPage(network.networkEID, categoryEID, token);
    const theme = await call<{ EID: string }>(`/networks/${network.networkEID}/themes/`, {
      token,
      json: { name: 'Schemathesis theme' },
    });
    expect(theme.status).toBe(201);
    const group = await call<{ EID: string }>(`/networks/${network.networkEID}/groups/`, {
      token,
      json: { name: 'Schemathesis group' },
    });
    expect(group.status).toBe(201);
    expect(
      (
        await call(`/networks/${network.networkEID}/groups/${group.body.EID}/members/`, {
          token,
          json: { profileEID: member.profileEID },
        })
      ).status,
    ).toBe(201);

    await setXid(network, member.profileEID, 'schemathesis-xid');
    const invitation = await call<{ EID: string }>(`/networks/${network.networkEID}/invitations/`, {
      token,
      json: { email: `invitee-${network.subdomain}@schemathesis.example` },
    });
    expect(invitation.status).toBe(201);
    const app = await newApp({ name: 'Schemathesis app' });
    await registerManifest(app);
    await installOverHttp(network, app);
    // Concern: polls: a poll for the `/polls/…` operations.
    const poll = await newPoll(network.networkEID, token);

    const run = spawnSync(
      st,
      [
        '--config-file',
        'schemathesis.toml',
        'run',
        `${baseUrl()}/openapi.json`,
        '--checks',
        'all',
        '--no-color',
        '--output-truncate',
        'true',
      ],
      {
        cwd: configDir,
        encoding: 'utf8',
        timeout: 900_000,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          NCS_TOKEN: token,
          NCS_MEDIA_TYPE: mediaType(LATEST),
          NCS_NETWORK_EID: network.networkEID,
          NCS_PROFILE_EID: member.profileEID,
          NCS_CATEGORY_EID: categoryEID,
          NCS_PAGE_EID: pageEID,
          NCS_THEME_EID: theme.body.EID,
          NCS_GROUP_EID: group.body.EID,
          NCS_XID: 'schemathesis-xid',
          NCS_INVITATION_EID: invitation.body.EID,
          NCS_APP_EID: app.clientId,
          // Concern: polls.
          NCS_POLL_EID: poll.EID,
          NCS_ANSWER_EID: poll.poll.answers[0]!.EID,
        },
      },
    );
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const report = join(inject('logDir'), 'schemathesis.txt');
    writeFileSync(report, output);
    // On failure, show the failures section (the whole run is in the report file).
    const failures = output.slice(Math.max(0, output.indexOf('FAILURES')), output.indexOf('WARNINGS'));
    // The summary names how many operations ran; every one of them must have been tested.
    const tested = /Tested:\s+(\d+)/.exec(output)?.[1];
    const selected = /Selected:\s+(\d+)\/(\d+)/.exec(output);
    expect(run.status, `${failures.slice(0, 20_000)}\n(whole run: ${report})`).toBe(0);
    expect(selected?.[1], output.slice(-3000)).toBe(selected?.[2]);
    expect(Number(tested)).toBe(Number(selected?.[2]));
    // Every generated case passed every check (the summary says `N generated, N passed`).
    const cases = /(\d+) generated, (\d+) passed/.exec(output);
    expect(Number(cases?.[1])).toBeGreaterThan(0);
    expect(cases?.[2]).toBe(cases?.[1]);
  }, 900_000);
});
