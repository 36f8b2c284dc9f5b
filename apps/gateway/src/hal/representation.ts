/**
 * The HAL body of a reply: the owner's resource or page as HAL, with what `embed=` asked for and
 * what the version gates embed, and only `_links`/`_embedded` for bare resource types.
 */
import {
  bareResourceTypes,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { fetchGatedEmbeds } from '../version-gates.js';
import { attachEmbedded, fetchEmbedded, withEmbedded, type EmbedTree } from './embed.js';
import { toHal, toHalCollection, type HalContext } from './links.js';

export async function halRepresentation(
  data: PlainResource | PlainCollection,
  halCtx: HalContext,
  ctx: RequestContext,
  requestUrl: string,
  rpc: RpcClient,
  embed: EmbedTree,
): Promise<Record<string, unknown>> {
  const relations = Object.keys(embed);
  if (data.type === 'collection') {
    const page = data as PlainCollection;
    const collection = toHalCollection(page, halCtx, new URL(requestUrl, halCtx.baseUrl));
    if (relations.length === 0) return collection;
    const fetched = await fetchEmbedded(page.items, relations, ctx, rpc);
    const embedded = collection._embedded as Record<string, Record<string, unknown>[]>;
    const items = (embedded[page.rel] ?? []).map((item, i) =>
      withEmbedded(item, page.items[i]!, relations, fetched, halCtx),
    );
    return { ...collection, _embedded: { ...embedded, [page.rel]: items } };
  }
  let body = toHal(data as PlainResource, halCtx);
  if (relations.length > 0) {
    body = withEmbedded(
      body,
      data as PlainResource,
      relations,
      await fetchEmbedded([data as PlainResource], relations, ctx, rpc),
      halCtx,
    );
  }
  for (const { rel, resource } of await fetchGatedEmbeds(data.type, ctx, rpc)) {
    body = attachEmbedded(body, rel, toHal(resource, halCtx));
  }
  if (bareResourceTypes.has(data.type)) {
    const { _links, _embedded } = body;
    return { _links, ...(_embedded ? { _embedded } : {}) };
  }
  return body;
}
