// Image zoom: an image of a note's text opens large in a modal dialog, by click, Enter or Space (each image becomes
// a button named by its alt text). Escape, the close button or a click anywhere closes it, and focus returns to the
// image. Images inside links keep their link; decorative ones (empty alt) are left alone. Without JavaScript an image
// is an image.
import { noteIslands } from '../core/i18n/en/noteIslandsStrings.ts';
import { islandI18n } from './islandI18n.ts';

function setupImageZoom(): void {
  const images = [...document.querySelectorAll<HTMLImageElement>('.note-body img')].filter((img) => !img.closest('a, button') && img.alt.trim() !== '');
  if (!images.length || typeof HTMLDialogElement === 'undefined') return;
  const { t } = islandI18n(['noteIslands'], noteIslands);
  const dialog = document.createElement('dialog');
  dialog.className = 'image-zoom';
  dialog.setAttribute('aria-label', t('zoom.dialog'));
  const large = document.createElement('img');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom-close';
  close.textContent = t('zoom.close');
  dialog.append(close, large);
  document.body.append(dialog);
  let opener: HTMLElement | undefined;
  dialog.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    opener?.focus();
    opener = undefined;
  });
  for (const img of images) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'zoomable';
    button.setAttribute('aria-haspopup', 'dialog');
    button.title = t('zoom.button');
    img.replaceWith(button);
    button.append(img);
    button.addEventListener('click', () => {
      opener = button;
      large.src = img.currentSrc || img.src;
      large.alt = img.alt;
      dialog.showModal();
      close.focus();
    });
  }
}

setupImageZoom();
