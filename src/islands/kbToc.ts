// <kb-toc>: marks the section being read in the table of contents (both the one beside the text and the
// collapsible one on phones): the last heading whose top has scrolled above the upper fifth of the window.
class KbToc extends HTMLElement {
  connectedCallback(): void {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('kb-toc a[href^="#"]')];
    const ids = [...new Set(links.map((a) => decodeURIComponent(a.hash.slice(1))))];
    const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
    if (!headings.length || this !== document.querySelector('kb-toc')) return; // the first <kb-toc> serves both
    let pending = false;
    const update = () => {
      pending = false;
      const line = window.innerHeight / 5;
      let current = headings[0]!;
      for (const h of headings) if (h.getBoundingClientRect().top <= line) current = h;
      for (const a of links) {
        if (decodeURIComponent(a.hash.slice(1)) !== current.id) {
          a.removeAttribute('aria-current');
          continue;
        }
        a.setAttribute('aria-current', 'true');
        // A long table of contents scrolls on its own: keep the current entry in view.
        const rail = a.closest<HTMLElement>('.note-rail');
        if (rail && (a.offsetTop < rail.scrollTop || a.offsetTop > rail.scrollTop + rail.clientHeight - a.offsetHeight))
          rail.scrollTop = a.offsetTop - rail.clientHeight / 3;
      }
    };
    const schedule = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    update();
  }
}

customElements.define('kb-toc', KbToc);
