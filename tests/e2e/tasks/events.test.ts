/**
 * Tasks' events over HTTP: `events.messaging.task.created` with the assignees,
 * `.completed` and `.reopened` with who did it, recorded through the outbox for the notifications
 * service (read back from JetStream).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import { groupRef, newTask, setCompleted, userRef } from '../../support/factories/tasks.js';

afterAll(closeFactories);

describe('events for the notifications service', () => {
  it('records task.created with the assignees, task.completed and task.reopened', async () => {
    const events = new EventReader();
    await events.open();
    try {
      const own = await newNetwork('Task events');
      const [ownAdmin, member] = [own.admin, await own.newMember()];
      const adminToken = await ownAdmin.token();
      const memberToken = await member.token();
      const task = await newTask(own.networkEID, adminToken, {
        assignees: [userRef(member.profileEID), userRef(ownAdmin.profileEID)],
      });
      await setCompleted(own.networkEID, task.EID, memberToken);
      await setCompleted(own.networkEID, task.EID, memberToken, false);
      const [created] = await events.eventsOf('events.messaging.task.created', own.networkEID, 1);
      expect(created).toMatchObject({
        type: 'messaging.task.created',
        data: { task: { type: 'task', EID: task.EID }, kind: 'split' },
      });
      const assignees = ((created!.data as { assignees: { EID: string }[] }).assignees ?? []).map(
        (a) => a.EID,
      );
      expect(assignees.sort()).toEqual([member.profileEID, ownAdmin.profileEID].sort());
      const [completed] = await events.eventsOf('events.messaging.task.completed', own.networkEID, 1);
      expect(completed).toMatchObject({ data: { assignee: userRef(member.profileEID), kind: 'split' } });
      const [reopened] = await events.eventsOf('events.messaging.task.reopened', own.networkEID, 1);
      expect(reopened).toMatchObject({ data: { assignee: userRef(member.profileEID) } });
    } finally {
      await events.close();
    }
  });

  it('records a shared task of several groups with each child, its group and its assignees', async () => {
    const events = new EventReader();
    await events.open();
    try {
      const own = await newNetwork('Shared task events');
      const member = await own.newMember();
      const adminToken = await own.admin.token();
      const [g1, g2] = [
        await newGroup(own.networkEID, adminToken),
        await newGroup(own.networkEID, adminToken),
      ];
      await addMember(own.networkEID, g2.EID, adminToken, member.profileEID);
      const task = await newTask(own.networkEID, adminToken, {
        groups: [groupRef(g1.EID), groupRef(g2.EID)],
      });
      const [created] = await events.eventsOf('events.messaging.task.created', own.networkEID, 1);
      const data = created!.data as {
        kind: string;
        children: { task: { EID: string }; group: { EID: string }; assignees: { EID: string }[] }[];
      };
      expect(created).toMatchObject({ data: { task: { EID: task.EID }, kind: 'shared', assignees: [] } });
      expect(data.children.map((c) => c.group)).toEqual([groupRef(g1.EID), groupRef(g2.EID)]);
      // The groups' creator (the admin) is a member of both; the member of the second only.
      expect(data.children[0]!.assignees).toEqual([userRef(own.admin.profileEID)]);
      expect(data.children[1]!.assignees.map((a) => a.EID).sort()).toEqual(
        [own.admin.profileEID, member.profileEID].sort(),
      );
    } finally {
      await events.close();
    }
  });
});
