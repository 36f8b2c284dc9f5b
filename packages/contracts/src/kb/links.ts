/**
 * HAL link relations of the knowledge-base resource types, as data (spread into `linkRelations`,
 * links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const kbLinkRelations: LinkRelations = {
  kb_home: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/home/' },
    { rel: 'title', href: '/networks/{networkEID}/knowledge-base/home/title' },
    { rel: 'categories', href: '/networks/{networkEID}/knowledge-base/categories/' },
  ],
  kb_category: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/' },
    { rel: 'parent', href: '/networks/{networkEID}/knowledge-base/categories/{parent.EID}/' },
    { rel: 'pages', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/pages/' },
    { rel: 'managers', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/managers/' },
    { rel: 'highlight', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/highlight' },
    { rel: 'unhighlight', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/unhighlight' },
  ],
  kb_category_managers: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/managers/' },
    { rel: 'category', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/' },
  ],
  kb_page: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/pages/{EID}/' },
    { rel: 'category', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/' },
    { rel: 'author', href: '/networks/{networkEID}/users/{author.EID}/' },
    // Saved items: the caller's own bookmark, action links (a POST saves or unsaves; messaging
    // serves them), shown by `_actions` as the message actions are.
    { rel: 'save', href: '/networks/{networkEID}/knowledge-base/pages/{EID}/save', when: '_actions.save' },
    {
      rel: 'unsave',
      href: '/networks/{networkEID}/knowledge-base/pages/{EID}/unsave',
      when: '_actions.unsave',
    },
  ],
};
