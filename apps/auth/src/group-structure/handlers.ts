/**
 * Handlers of a group's structure (`groupDirectoryRoutes` of the route table: relations between
 * groups, users added or merged in bulk, group widgets), by route id. A constant: the conformance
 * test lists it without a database.
 */
import { groupDirectoryRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import type { GroupStructureDependencies } from './dependencies.js';
import { createRelation, deleteRelation, getRelation, listRelations } from './relations.js';
import { addUsers, mergeUsers } from './users.js';
import {
  createGroupWidget,
  deleteGroupWidget,
  getGroupWidget,
  listGroupWidgets,
  setSpotlightItems,
  updateGroupWidget,
} from './widgets.js';

export const groupStructureHandlers = defineHandlers<GroupStructureDependencies>()(groupDirectoryRoutes, {
  'groupRelation.list': ({ ctx, params, query }, { models }) =>
    listRelations(models, ctx, params.groupEID, query),
  'groupRelation.create': ({ ctx, params, body }, { models, events }) =>
    createRelation(models, events, ctx, params.groupEID, body),
  'groupRelation.get': ({ ctx, params }, { models }) =>
    getRelation(models, ctx, params.groupEID, params.subgroupEID),
  'groupRelation.delete': ({ ctx, params }, { models, events }) =>
    deleteRelation(models, events, ctx, params.groupEID, params.subgroupEID),
  'groupUsers.add': ({ ctx, params, body }, { models, events }) =>
    addUsers(models, events, ctx, params.groupEID, body),
  'groupUsers.merge': ({ ctx, params, body }, { models, events }) =>
    mergeUsers(models, events, ctx, params.groupEID, body),
  'groupWidget.list': ({ ctx, params, query }, { models }) =>
    listGroupWidgets(models, ctx, params.groupEID, query),
  'groupWidget.create': ({ ctx, params, body }, { models }) =>
    createGroupWidget(models, ctx, params.groupEID, body),
  'groupWidget.get': ({ ctx, params }, { models }) =>
    getGroupWidget(models, ctx, params.groupEID, params.widgetEID),
  'groupWidget.update': ({ ctx, params, body }, { models }) =>
    updateGroupWidget(models, ctx, params.groupEID, params.widgetEID, body),
  'groupWidget.delete': ({ ctx, params }, { models }) =>
    deleteGroupWidget(models, ctx, params.groupEID, params.widgetEID),
  'spotlightItems.set': ({ ctx, params, body }, { models }) =>
    setSpotlightItems(models, ctx, params.groupEID, params.widgetEID, body),
});
