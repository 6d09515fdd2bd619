// Link previews: hovering (mouse) or focusing (keyboard) a link to another note in the note's text shows that
// note's title, tags and first paragraph in a popover after a short delay. The data is the target's own page,
// already emitted: fetched once (on hover, before the delay ends) and read as text, never inserted as HTML.
// The popover sits in the top layer (the Popover API), so nothing on the page moves. Off where nothing
// hovers (phones, tablets): a tap there opens the link as before. Escape closes it.
const SHOW_AFTER = 350;
const HIDE_AFTER = 200;

interface Preview {
  title: string;
  tags: string[];
  text: string;
}

const cache = new Map<string, Promise<Preview | undefined>>();

function previewOf(url: string): Promise<Preview | undefined> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => (r.ok ? r.text() : undefined))
      .then((html) => {
        if (!html) return undefined;
        const doc = new DOMParser().parseFromString(html, 'text/html');
        const title = doc.querySelector('article h1')?.textContent?.trim() ?? '';
        const tags = [...doc.querySelectorAll('article .tag-list .tag > span:first-child')].map((t) => t.textContent?.trim() ?? '').filter(Boolean);
        const para = [...doc.querySelectorAll('.note-body p')].map((p) => p.textContent?.trim() ?? '').find((t) => t.length > 0) ?? '';
        return { title, tags, text: para.length > 280 ? `${para.slice(0, 277)}…` : para };
      })
      .catch(() => undefined);
    cache.set(url, p);
  }
  return p;
}

function internalNoteLink(a: HTMLAnchorElement): string | undefined {
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !/\/notes\/.+/.test(url.pathname) || /\.[a-z]+$/i.test(url.pathname)) return undefined;
  if (url.pathname === location.pathname) return undefined;
  return url.pathname;
}

function setup(): void {
  if (!matchMedia('(hover: hover)').matches || !('popover' in HTMLElement.prototype)) return;
  const pop = document.createElement('div');
  pop.id = 'kb-link-preview';
  pop.className = 'link-preview';
  pop.setAttribute('popover', 'manual');
  pop.setAttribute('role', 'tooltip');
  document.body.append(pop);
  let showTimer: number | undefined;
  let hideTimer: number | undefined;
  let current: HTMLAnchorElement | undefined;

  const hide = () => {
    clearTimeout(showTimer);
    current?.removeAttribute('aria-describedby');
    current = undefined;
    if (pop.matches(':popover-open')) pop.hidePopover();
  };
  const show = async (a: HTMLAnchorElement, path: string) => {
    const data = await previewOf(path);
    if (!data || current !== a) return;
    pop.replaceChildren();
    const h = document.createElement('p');
    h.className = 'link-preview-title';
    h.textContent = data.title;
    pop.append(h);
    if (data.tags.length) {
      const t = document.createElement('p');
      t.className = 'link-preview-tags';
      t.textContent = data.tags.map((x) => `#${x}`).join(' ');
      pop.append(t);
    }
    if (data.text) {
      const p = document.createElement('p');
      p.className = 'link-preview-text';
      p.textContent = data.text;
      pop.append(p);
    }
    a.setAttribute('aria-describedby', pop.id);
    if (!pop.matches(':popover-open')) pop.showPopover();
    const r = a.getBoundingClientRect();
    const w = pop.offsetWidth;
    const hgt = pop.offsetHeight;
    const left = Math.max(8, Math.min(r.left, innerWidth - w - 8));
    const below = r.bottom + 8 + hgt < innerHeight;
    pop.style.left = `${left}px`;
    pop.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - hgt - 6)}px`;
  };
  const schedule = (a: HTMLAnchorElement) => {
    const path = internalNoteLink(a);
    if (!path) return;
    clearTimeout(hideTimer);
    if (current === a) return;
    hide();
    current = a;
    void previewOf(path);
    showTimer = window.setTimeout(() => void show(a, path), SHOW_AFTER);
  };
  const leave = () => {
    clearTimeout(hideTimer);
    hideTimer = window.setTimeout(hide, HIDE_AFTER);
  };
  const linkOf = (e: Event) => (e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('.note-body a[href]') : null);
  document.addEventListener('pointerover', (e) => {
    const a = linkOf(e);
    if (a && e.pointerType === 'mouse') schedule(a);
  });
  document.addEventListener('pointerout', (e) => {
    if (linkOf(e) && e.pointerType === 'mouse') leave();
  });
  document.addEventListener('focusin', (e) => {
    const a = linkOf(e);
    if (a) schedule(a);
  });
  document.addEventListener('focusout', (e) => {
    if (linkOf(e)) leave();
  });
  pop.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  pop.addEventListener('pointerleave', leave);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hide();
  });
}

setup();
