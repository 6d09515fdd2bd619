// What `kb init` writes into a knowledge folder: a kb.config.yaml whose every key but the title is commented out
// (each with its default), and a first note for a folder that has none. docs/configuration.md describes each key.

/** `kb.config.yaml` with `title`; the rest commented out, as it is when left out. */
export function kbConfigTemplate(title: string): string {
  return `# kb-portal's settings for this knowledge folder. Every key is optional; a commented-out key shows its default.
# Reference: docs/configuration.md of kb-portal.

# The portal's title (home page, browser tab, llms.txt).
title: ${JSON.stringify(title)}
# One line about the folder (home page, llms.txt).
# description: How our team builds and runs its services.

# site:
#   url: https://wiki.example.com          # public origin: absolute URLs in sitemap.xml, llms.txt, the feed
#   base: /                                # sub-path the site is served under, e.g. /wiki/ (kb build --base wins)
#   editUrl: https://github.com/org/kb/edit/main/   # "Edit this note" links: each note's path resolved against it
#   rawMarkdown: true                      # publish each note's Markdown as /notes/<slug>.md for agents
#   image: img/preview.png                 # every page's og:image unless a note names or shows its own
#   noindex: false                         # true: robots.txt disallows all, every page says noindex

# Which files are notes (the layout is detected: an aria-knowledge folder, else every .md/.mdx).
# layout: flat                             # or aria
# include: ['notes/**']                    # extra globs to index
# exclude: ['drafts/**']                   # never indexed
# private: ['people/**']                   # indexed for kb check, never published

# Tags: a note's tags are the union of these frontmatter keys, lower-cased.
# tagFields: [tags, tag, topics]
# inlineTags: false                        # #tags in the text count (default: only in an Obsidian vault)
# categoryFields: [category, section]      # the first one a note has is its category
# knownTags: [api, database]               # the canonical vocabulary kb check measures tags against
# aliases: { k8s: kubernetes }             # alias → tag (aliases.md lines "- \`k8s\` → \`kubernetes\`" too)

# Projects: a key names a project; \`kb query <key>\` adds its tags.
# projects:
#   pay: { name: Payments API, tags: [api, stripe], path: repos/payments-api, shared: false }
# staleness: { ideas: 7, codemap: 14, stitch: 30 }   # days before an idea or tracked artifact is marked stale
#                                          # (add notes: 365 for the health page and kb review)

# Task-context packs prerendered by the build (kb pack), and codebases for kb discover.
# packs:
#   - task: Add cursor pagination to the refunds list
#     project: pay
# repos: [{ path: repos/payments-api, alias: payments-api }]
# buckets: { playbooks: patterns }         # folder → pack section (decisions, lessons, patterns, pitfalls)
# search: { scope: project/learnings/ }    # the folder kb search looks in (default: that one when present, else all)

# Reading: the graph of links, and the properties panel of each note page.
# graph: { enabled: true, depth: 1, tags: false }   # depth 2 shows the neighbours' links too
# properties: { order: [owner, service] }  # keys shown first; hidden: [...] replaces the default hidden list

# Credentials found in notes are redacted from every output; these are left as written.
# secrets: { allow: ['/example\\.internal/'] }
`;
}

/** A first note, for a folder without any: what a note looks like, and how to see it (`kbFlag`: ` --kb notes` or ''). */
export function welcomeNote(kbFlag: string): string {
  return `---
title: Welcome
description: The first note of this knowledge base; replace it with your own.
tags: [getting-started]
---

# Welcome

Every Markdown file in this folder is a note: a page of the portal, a result of \`kb query\` and \`kb search\`,
and a source of the task-context packs agents load.

- Give a note \`tags:\` in its frontmatter; each tag gets a page.
- Link notes by name: [[welcome]].
- Keep a note out of the site with \`draft: true\`.

\`npx kb-portal dev${kbFlag}\` shows every saved change on the next reload; \`npx kb-portal build${kbFlag}\` writes the
site to \`dist/\`.
`;
}
