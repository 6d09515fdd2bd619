// Text from notes (titles, paths, tags) in a pull-request comment: it must read as the text it is, never as
// Markdown, HTML or a mention of someone.

/**
 * Literal text inside a list item (never at the start of a line): emphasis, code, link, table and strikethrough
 * punctuation escaped, `<` `>` `&` as entities, line breaks as spaces, and `@` kept from mentioning.
 */
export function markdownText(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\`*_[\]|~]/g, '\\$&')
      .replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!)
      // U+2060 (word joiner) after `@`: GitHub and GitLab would otherwise notify a user or team named after it.
      .replace(/@/g, '@\u2060')
  );
}

/** A code span holding `text` as written: fenced by more backticks than any run inside it. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
