/**
 * Contract test: schemathesis generates requests for every operation of the gateway's
 * OpenAPI document, valid and invalid, and checks every answer against the document: no server
 * error, no response that violates its schema, status code, content type or headers, valid data
 * accepted and invalid data rejected. The data it needs (a network, an admin, a category, a page)
 * is created here; the run must end without a single failure.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call, LATEST, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { setXid } from '../../support/factories/directory.js';
import { ensureSchemathesis } from '../../support/schemathesis.js';
// Polls.
import { newPoll } from '../../support/factories/polls.js';
// Journeys.
import { launchedQuiz, user } from '../../support/factories/journeys.js';
// Devices, push and white-label apps.
import { newWhitelabelApp, registerDevice, whitelabelFields } from '../../support/factories/push.js';
import { stack } from '../../support/stack.js';

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
    // Polls: a poll for the `/polls/…` operations.
    const poll = await newPoll(network.networkEID, token);
    // Chat and the AI assistant: the feature on, a conversation and a message.
    const chat = await import('../../support/factories/chat.js');
    await chat.addNetworkFeature(network.networkEID, 'ai_assistant_settings');
    const conversation = await chat.startConversation(network, token, [member.profileEID]);
    const chatMessage = await chat.sendChat(network, token, conversation.body.EID, '<p>Hello</p>');
    // Journeys: a launched journey (the admin takes part) and its question step.
    const journey = await launchedQuiz(network.networkEID, token, [user(network.admin.profileEID)]);
    // Devices, push and white-label apps: a white-label app and a device of the caller's.
    const whitelabelApp = await newWhitelabelApp(network.networkEID, token, whitelabelFields());
    const device = await registerDevice(network.networkEID, token);
    // A file in the root folder of a group of its own, which no path parameter names: fuzzing
    // deletes the fixture group (`DELETE …/groups/{groupEID}` once its subgroup is detached), and
    // the file and folder operations must still find their file afterwards.
    const files = await import('../../support/factories/files.js');
    const filesGroup = await call<{ EID: string }>(`/networks/${network.networkEID}/groups/`, {
      token,
      json: { name: 'Schemathesis files' },
    });
    expect(filesGroup.status).toBe(201);
    const file = await files.newFile(network.networkEID, filesGroup.body.EID, token);
    // Directory (group operations): a subgroup of the group and a spotlight widget of it.
    const groupDirectory = await import('../../support/factories/group-directory.js');
    const { newGroup } = await import('../../support/factories/groups.js');
    const subgroup = await newGroup(network.networkEID, token, {
      parent: { type: 'group', EID: group.body.EID },
    });
    const widget = await groupDirectory.newWidget(network.networkEID, group.body.EID, token);

    const env = {
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
      // Polls.
      NCS_POLL_EID: poll.EID,
      NCS_ANSWER_EID: poll.poll.answers[0]!.EID,
      // Chat and the AI assistant.
      NCS_CONVERSATION_EID: conversation.body.EID,
      NCS_CHAT_MESSAGE_EID: chatMessage.body.EID,
      // Journeys.
      NCS_JOURNEY_EID: journey.EID,
      NCS_STEP_EID: journey.steps[1]!.EID,
      // Devices, push and white-label apps.
      NCS_WHITELABEL_APP_EID: whitelabelApp.EID,
      NCS_DEVICE_EID: device.EID,
      // Files and folders.
      NCS_FILE_EID: file.EID,
      NCS_FOLDER_EID: files.rootFolderOf(filesGroup.body.EID),
      // Directory: group operations.
      NCS_SUBGROUP_EID: subgroup.EID,
      NCS_WIDGET_EID: widget.EID,
    };
    // Two schemathesis processes, each over half of the paths, run side by side: one worker per
    // process (threads in one process race in CPython's ast module, see schemathesis.toml), yet
    // both cores busy.
    const document = await call<{ paths: Record<string, object> }>('/openapi.json');
    const paths = Object.keys(document.body.paths).sort();
    const shards = [0, 1].map((shard) => paths.filter((_, index) => index % 2 === shard));
    const runs = await Promise.all(shards.map((shardPaths) => runShard(st, shardPaths, env)));
    const output = runs.map((run) => run.output).join('\n\n');
    const report = join(stack().logDir, 'schemathesis.txt');
    writeFileSync(report, output);
    const operations = Object.values(document.body.paths).reduce<number>(
      (sum, item) => sum + Object.keys(item).filter((key) => HTTP_METHODS.has(key)).length,
      0,
    );
    let selectedInAll = 0;
    for (const run of runs) {
      // On failure, show the failures section (the whole run is in the report file).
      const failures = run.output.slice(
        Math.max(0, run.output.indexOf('FAILURES')),
        run.output.indexOf('WARNINGS'),
      );
      expect(run.status, `${failures.slice(0, 20_000)}\n(whole run: ${report})`).toBe(0);
      // The summary names how many operations the shard selected; every one of them was tested.
      const selected = /Selected:\s+(\d+)\/(\d+)/.exec(run.output);
      const tested = /Tested:\s+(\d+)/.exec(run.output)?.[1];
      expect(Number(selected?.[2]), run.output.slice(-3000)).toBe(operations);
      expect(Number(tested)).toBe(Number(selected?.[1]));
      selectedInAll += Number(selected?.[1]);
      // Every generated case passed every check (the summary says `N generated, N passed`).
      const cases = /(\d+) generated, (\d+) passed/.exec(run.output);
      expect(Number(cases?.[1])).toBeGreaterThan(0);
      expect(cases?.[2]).toBe(cases?.[1]);
    }
    // Together the shards cover every operation of the document.
    expect(selectedInAll).toBe(operations);
  }, 900_000);
});

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Escapes a path template for a regular expression (`{`, `}`, `.`…). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One schemathesis process over `paths` (whole paths, every method); resolves when it exits. */
function runShard(
  st: string,
  paths: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; output: string }> {
  const include = `^(${paths.map(escapeRegex).join('|')})$`;
  const child = spawn(
    st,
    [
      '--config-file',
      'schemathesis.toml',
      'run',
      `${baseUrl()}/openapi.json`,
      '--include-path-regex',
      include,
      '--checks',
      'all',
      '--no-color',
      '--output-truncate',
      'true',
    ],
    { cwd: configDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 850_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}
