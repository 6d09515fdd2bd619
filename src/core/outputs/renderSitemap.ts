/** `sitemap.xml` for the given root-relative page URLs; absolute when the site has a public origin. */
export function renderSitemap(pages: readonly string[], siteUrl: string | undefined): string {
  const origin = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const urls = [...new Set(pages)].sort().map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}
