/** Text or an attribute value made safe to place in HTML or XML (`<`, `>`, `&`, `"`, `'`). */
export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
}
