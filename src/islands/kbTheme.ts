// <kb-theme>: the theme select. `auto` removes `data-theme` from <html> (the OS decides through CSS);
// `light` / `dark` set it and are remembered in localStorage (`kb-theme`). Base.astro's inline script applies the
// remembered choice before the first paint; this only reacts to changes, here or in another tab.
const KEY = 'kb-theme';
type Theme = 'auto' | 'light' | 'dark';

function stored(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'auto';
  } catch {
    return 'auto';
  }
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'auto') delete root.dataset['theme'];
  else root.dataset['theme'] = theme;
}

class KbTheme extends HTMLElement {
  connectedCallback(): void {
    const select = this.querySelector('select');
    if (!select) return;
    select.value = stored();
    this.hidden = false;
    select.addEventListener('change', () => {
      const theme = select.value as Theme;
      apply(theme);
      try {
        if (theme === 'auto') localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, theme);
      } catch {
        // storage refused (private mode): the choice holds for this page only
      }
    });
    window.addEventListener('storage', (e) => {
      if (e.key !== KEY) return;
      select.value = stored();
      apply(select.value as Theme);
    });
  }
}

customElements.define('kb-theme', KbTheme);
