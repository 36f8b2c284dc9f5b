/**
 * A client written from the spec alone meets no 404: every row of the spec's "Endpoints" tables
 * that has a path and a method is sent at the spec's own path, exactly as the spec writes it
 * (singular `/network/…`, trailing slash or none), with its parameters filled by real EIDs of
 * things made here, and must be served: never 404 "No route" (code -6), never 405, and the success
 * status of the route with a minimal valid body. The rows are copied from the spec as literal data
 * (the spec is not available where the tests run); the unit counterpart
 * (tests/unit/spec-endpoints.test.ts) also covers the rows without a method or a path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo, mediaType, type ApiResponse } from '../../support/api.js';
import { browse, newApp, REDIRECT, type TestApp } from '../../support/factories/apps.js';
import {
  addNetworkFeature,
  newAssistantNetwork,
  sendChat,
  startConversation,
} from '../../support/factories/chat.js';
import {
  closeFactories,
  installApp,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { launchedQuiz, newJourney, quizQuestion, user } from '../../support/factories/journeys.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';
import { newNews } from '../../support/factories/news.js';
import { newPoll, untilEnded } from '../../support/factories/polls.js';
import { newTask, userRef } from '../../support/factories/tasks.js';

afterAll(closeFactories);

/** What the rows' requests need: the network, its people and the things made in it. */
interface Fixtures {
  network: TestNetwork;
  member: TestPerson;
  adminToken: string;
  memberToken: string;
  /** A network whose AI assistant exists (its welcome message can be dispatched). */
  assistantNetworkEID: string;
  assistantAdminToken: string;
  app: TestApp;
  newsEID: string;
  taskEID: string;
  /** An ended poll (reactivation needs one). */
  pollEID: string;
  categoryEID: string;
  /** A category with `member` assigned as its manager (for the removal). */
  managedCategoryEID: string;
  chatMessageEID: string;
  /** A journey not launched yet (questions are appended before the launch). */
  draftJourneyEID: string;
  /** A launched quiz sent to `member`: the question step and a choice of it. */
  quizJourneyEID: string;
  quizStepEID: string;
  quizChoiceEID: string;
}

let f: Fixtures;

interface Answer {
  readonly status: number;
  readonly code: unknown;
  readonly text: string;
}

interface SpecCall {
  /** The values of the path's parameters, by the names the spec gives them. */
  readonly params?: (f: Fixtures) => Record<string, string>;
  readonly query?: Record<string, string>;
  /** The caller: the network administrator unless said. */
  readonly token?: (f: Fixtures) => string;
  readonly json?: (f: Fixtures) => unknown;
  /** The request itself, where it is not a HAL API call (the token service, the browser page). */
  readonly send?: (path: string, f: Fixtures) => Promise<Answer>;
  /** The success status the request earns. */
  readonly expected: number;
}

const networkOf = (x: Fixtures) => ({ networkEID: x.network.networkEID });
const asMember = (x: Fixtures) => x.memberToken;

/**
 * The rows of the spec's "Endpoints" tables with a method and a path, in its order, the method and
 * path exactly as it writes them. (Its rows with method `unspecified` and those without a path
 * are checked against the route table by the unit test: there is no method to send.)
 */
const rows: readonly (readonly [string, string, SpecCall])[] = [
  // Token service ({auth_url}): both hosts are the gateway (ARCHITECTURE §7). The network's host
  // would name the network; on the one test host `network` names it instead.
  [
    'GET',
    '{network_url}/auth',
    {
      send: async (path, x) => {
        const query = new URLSearchParams({
          client_id: x.app.clientId,
          redirect_uri: REDIRECT,
          scope: 'profile.basic.read',
          state: 'spec-state',
          network: x.network.subdomain,
        });
        const page = await browse(`${path}?${query.toString()}`);
        return { status: page.status, code: undefined, text: page.html.slice(0, 500) };
      },
      expected: 200,
    },
  ],
  [
    'POST',
    '{auth_url}/oauth/v2/token',
    {
      send: async (path, x) =>
        answerOf(
          await call(path, {
            accept: 'application/json',
            form: {
              grant_type: 'password',
              username: x.member.email,
              password: x.member.password,
              client_id: demo.clientId,
              client_secret: demo.clientSecret,
            },
          }),
        ),
      expected: 200,
    },
  ],
  // Network and sessions
  ['GET', '/networks/{networkEID}/', { params: networkOf, expected: 200 }],
  [
    'PUT',
    '/networks/{networkEID}',
    { params: networkOf, json: () => ({ allowChatCustomSettings: true }), expected: 200 },
  ],
  ['GET', '/networks/{networkEID}/aggregate/', { params: networkOf, expected: 200 }],
  ['GET', '/whoami/', { expected: 200 }],
  ['GET', '/lobby/data', { expected: 200 }],
  ['GET', '/networks/{networkEID}/badgecounters/', { params: networkOf, expected: 200 }],
  [
    'GET',
    '/networks/{networkEID}/scheduled-items/',
    { params: networkOf, query: { types: 'news' }, expected: 200 },
  ],
  ['GET', '/networks/{networkEID}/menu/', { params: networkOf, expected: 200 }],
  [
    'PUT',
    '/networks/{networkEID}/menu/',
    { params: networkOf, json: () => ({ customLinks: [] }), expected: 200 },
  ],
  ['GET', '/networks/{networkEID}/widgets/', { params: networkOf, expected: 200 }],
  [
    'GET',
    '/networks/{network}/invitations/',
    { params: (x) => ({ network: x.network.networkEID }), query: { type: 'sso' }, expected: 200 },
  ],
  ['GET', '/networks/{networkEID}/users/', { params: networkOf, expected: 200 }],
  [
    'GET',
    '/networks/{networkEID}/users/{profileEID}/',
    { params: (x) => ({ ...networkOf(x), profileEID: x.member.profileEID }), expected: 200 },
  ],
  [
    'GET',
    '/users/{profileEID}/postable-types',
    { params: (x) => ({ profileEID: x.member.profileEID }), expected: 200 },
  ],
  // Search, timeline, alerts, messages
  ['GET', '/networks/{networkEID}/search/', { params: networkOf, query: { q: 'news' }, expected: 200 }],
  ['GET', '/networks/{networkEID}/timeline/', { params: networkOf, query: { type: 'news' }, expected: 200 }],
  ['GET', '/network/{networkEID}/messages/', { params: networkOf, expected: 200 }],
  [
    'POST',
    '/network/{networkEID}/news/{messageEID}/duplicate/',
    { params: (x) => ({ ...networkOf(x), messageEID: x.newsEID }), expected: 202 },
  ],
  [
    'POST',
    '/networks/{networkEID}/chat/messages/{messageId}/delete',
    {
      params: (x) => ({ ...networkOf(x), messageId: x.chatMessageEID }),
      json: () => ({ reason: 'Posted by mistake' }),
      expected: 200,
    },
  ],
  // Tasks and polls
  ['GET', '/networks/{eid}/tasks/', { params: (x) => ({ eid: x.network.networkEID }), expected: 200 }],
  [
    'GET',
    '/network/{networkEID}/tasks/{taskEID}/recipients/',
    { params: (x) => ({ ...networkOf(x), taskEID: x.taskEID }), expected: 200 },
  ],
  [
    'GET',
    '/networks/{networkEID}/tasks/{eid}/progress/',
    { params: (x) => ({ ...networkOf(x), eid: x.taskEID }), expected: 200 },
  ],
  ['POST', '/polls/{eid}/reactivate', { params: (x) => ({ eid: x.pollEID }), expected: 200 }],
  // Knowledge base
  ['GET', '/networks/{networkEID}/knowledge-base/home/', { params: networkOf, expected: 200 }],
  [
    'PUT',
    '/networks/{networkEID}/knowledge-base/home',
    { params: networkOf, json: () => ({ showHighlightedCategories: true }), expected: 200 },
  ],
  [
    'PATCH',
    '/networks/{networkEID}/knowledge-base/home/title',
    { params: networkOf, json: () => ({ title: 'Handbook' }), expected: 200 },
  ],
  [
    'POST',
    '/networks/{networkEID}/knowledge-base/categories/{eid}/highlight',
    { params: (x) => ({ ...networkOf(x), eid: x.categoryEID }), expected: 200 },
  ],
  [
    'POST',
    '/networks/{networkEID}/knowledge-base/categories/{eid}/unhighlight',
    { params: (x) => ({ ...networkOf(x), eid: x.categoryEID }), expected: 200 },
  ],
  [
    'POST',
    '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/',
    {
      params: (x) => ({ ...networkOf(x), eid: x.categoryEID }),
      json: (x) => ({ profileEID: x.member.profileEID }),
      expected: 201,
    },
  ],
  [
    'DELETE',
    '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/{profileEid}/',
    {
      params: (x) => ({ ...networkOf(x), eid: x.managedCategoryEID, profileEid: x.member.profileEID }),
      expected: 204,
    },
  ],
  [
    'GET',
    '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/',
    {
      params: (x) => ({ ...networkOf(x), eid: x.managedCategoryEID }),
      query: { embed: 'users' },
      expected: 200,
    },
  ],
  // AI assistants: the network has feature `ai_assistant_settings` and no assistant yet.
  ['GET', '/networks/{networkEID}/ai-assistants-settings/', { params: networkOf, expected: 200 }],
  [
    'PUT',
    '/networks/{networkEID}/ai-assistants-settings/',
    { params: networkOf, json: () => ({ companyInfo: 'We make widgets.' }), expected: 200 },
  ],
  [
    'POST',
    '/networks/{networkEID}/ai-assistants/',
    { params: networkOf, json: () => ({ companyInfo: 'We make widgets.' }), expected: 201 },
  ],
  [
    'POST',
    '/networks/{networkEID}/ai-assistants-settings/welcome-message/dispatch',
    {
      params: (x) => ({ networkEID: x.assistantNetworkEID }),
      token: (x) => x.assistantAdminToken,
      expected: 200,
    },
  ],
  // Journeys
  [
    'POST',
    '/networks/{networkEID}/journeys/{journeyEID}/questions/',
    {
      params: (x) => ({ ...networkOf(x), journeyEID: x.draftJourneyEID }),
      json: () => quizQuestion(),
      expected: 201,
    },
  ],
  [
    'POST',
    '/networks/{networkEID}/journeys/{journeyEID}/steps/questions/{stepEID}/submit',
    {
      params: (x) => ({ ...networkOf(x), journeyEID: x.quizJourneyEID, stepEID: x.quizStepEID }),
      token: asMember,
      json: (x) => ({ choices: [x.quizChoiceEID] }),
      expected: 201,
    },
  ],
];

function answerOf(response: ApiResponse): Answer {
  return { status: response.status, code: response.body?.code, text: response.text.slice(0, 500) };
}

/** The spec's path with its parameters filled; the hosts of its token service are the gateway's. */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/^\{(?:network_url|auth_url)\}/, '').replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} of ${path}`);
    return value;
  });
}

async function expectOk<T extends { status: number; text: string }>(what: string, answer: Promise<T>) {
  const response = await answer;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}

beforeAll(async () => {
  const network = await newNetwork('Spec endpoints');
  const member = await network.newMember();
  const [adminToken, memberToken] = await Promise.all([network.admin.token(), member.token()]);
  const networkEID = network.networkEID;
  await addNetworkFeature(networkEID, 'ai_assistant_settings');
  const assistant = await newAssistantNetwork();
  const app = await newApp();
  // An app signs people in only where it is installed.
  await installApp(networkEID, app.clientId);

  const news = await newNews(networkEID, adminToken);
  const task = await newTask(networkEID, adminToken, { assignees: [userRef(member.profileEID)] });
  const poll = await newPoll(networkEID, adminToken, { endsInMs: 1_500 });
  const categoryEID = await newKbCategory(networkEID, adminToken);
  const managedCategoryEID = await newKbCategory(networkEID, adminToken);
  await expectOk(
    'manager',
    call(kbPath(networkEID, `categories/${managedCategoryEID}/managers/`), {
      token: adminToken,
      json: { profileEID: member.profileEID },
    }),
  );
  const conversation = await expectOk(
    'conversation',
    startConversation(network, adminToken, [member.profileEID]),
  );
  const chat = await expectOk('chat', sendChat(network, adminToken, conversation.body.EID, '<p>Hello</p>'));
  const draftJourney = await newJourney(networkEID, adminToken);
  const quiz = await launchedQuiz(networkEID, adminToken, [user(member.profileEID)]);
  const question = quiz.steps.find((step) => step.kind === 'question');
  const choice = question?.choices?.[0];
  if (!question || !choice) throw new Error(`no question in the quiz: ${JSON.stringify(quiz.steps)}`);
  await untilEnded(poll);

  f = {
    network,
    member,
    adminToken,
    memberToken,
    assistantNetworkEID: assistant.network.networkEID,
    assistantAdminToken: assistant.adminToken,
    app,
    newsEID: news.EID,
    taskEID: task.EID,
    pollEID: poll.EID,
    categoryEID,
    managedCategoryEID,
    chatMessageEID: chat.body.EID,
    draftJourneyEID: draftJourney.EID,
    quizJourneyEID: quiz.EID,
    quizStepEID: question.EID,
    quizChoiceEID: choice.EID,
  };
});

describe('every path row of the spec is served at the spec’s own path', () => {
  it.each(rows)('%s %s', async (method, specPath, spec) => {
    const path = fill(specPath, spec.params?.(f) ?? {});
    const answer = spec.send
      ? await spec.send(path, f)
      : answerOf(
          await call(spec.query ? `${path}?${new URLSearchParams(spec.query).toString()}` : path, {
            method,
            token: (spec.token ?? ((x: Fixtures) => x.adminToken))(f),
            accept: mediaType(),
            ...(spec.json ? { json: spec.json(f) } : {}),
          }),
        );
    const what = `${method} ${path}: ${answer.text}`;
    // First what this walk is about: the path is a route at all.
    expect([answer.status, answer.code], what).not.toEqual([404, -6]);
    expect(answer.status, what).not.toBe(405);
    expect(answer.status, what).toBe(spec.expected);
  });
});
