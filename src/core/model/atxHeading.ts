/**
 * An ATX heading line as the section cutters read it: 1–6 `#`, white space, the text, optional closing `#`s and
 * white space; the text trimmed. It returns what `/^(#{1,6})\s+(.+?)\s*#*\s*$/` matched, in one pass from each end:
 * the regex backtracks quadratically on a long run of spaces inside a heading (a 200 kB line took minutes).
 */
export function atxHeading(line: string): { depth: number; text: string } | undefined {
  let depth = 0;
  while (depth < line.length && line[depth] === '#') depth++;
  if (depth === 0 || depth > 6) return undefined;
  let start = depth;
  while (start < line.length && isSpace(line[start]!)) start++;
  const spaces = start - depth;
  if (spaces === 0) return undefined;
  // `#  `: a space after the first is the text (the regex's `.` takes any character but a line break).
  if (start === line.length) return [...line.slice(depth + 1)].some((c) => !BREAK.test(c)) ? { depth, text: '' } : undefined;
  // The longest suffix of the form `\s*#*\s*` is the closing sequence; at least one character stays text.
  let end = line.length;
  while (end > start && isSpace(line[end - 1]!)) end--;
  while (end > start && line[end - 1] === '#') end--;
  while (end > start && isSpace(line[end - 1]!)) end--;
  if (end === start) end = start + 1;
  if (BREAK.test(line.slice(start, end))) return undefined;
  return { depth, text: line.slice(start, end).trim() };
}

const SPACE = /\s/;
const BREAK = /[\n\r\u2028\u2029]/;
const isSpace = (c: string) => SPACE.test(c);
