/**
 * What every area's functions are given: its view of the models (`Store`: core's collections, its
 * own and those of the areas it builds on), the outbox its domain events go through, and the RPC
 * client for asking other services. Each area names its store and adds what only it uses
 * (`<area>/dependencies.ts`); `src/dependencies.ts` builds the one object that satisfies them all.
 */
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { CoreModels } from './models.js';

/** Where domain events are recorded (the transactional outbox, ARCHITECTURE §6). */
export type EventSink = Pick<Outbox<'auth'>, 'record'>;

export interface CoreDependencies<Store extends CoreModels = CoreModels> {
  readonly models: Store;
  readonly events: EventSink;
  readonly rpc: RpcClient;
  /** Parent domain of the networks' own hosts (`<subdomain>.<networkDomain>`), from the config. */
  readonly networkDomain: string;
}
