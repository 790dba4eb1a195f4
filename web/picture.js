// A picture of the crew for a team chat: the boat's crew sheet as the command line exports it (SVG, from
// the server), drawn into a canvas in the browser and handed to the phone's share sheet as a PNG (the Web
// Share API with files, where the browser has it), or saved as a download otherwise; without weights.
import { boatPath } from './api.js';
import { pictureHeading, pictureName, pictureTitle } from './boats.js';
import { explain, notice } from './notice.js';
import { refusedOffline } from './offline.js';
import { state } from './state.js';

// The crew sheet's SVG text, as the server sends it.
async function crewSheet(boatName) {
  // Weights stay off a picture for the team chat.
  const response = await fetch(boatPath(boatName, '/chart.svg?weights=false'), { credentials: 'same-origin' });
  if (!response.ok) {
    let data = null;
    try { data = await response.json(); } catch { data = null; }
    const error = new Error(data?.error ?? `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return response.text();
}

// The crew sheet headed `heading` in place of its boat's name (its first text, drawn bold): the same size, or
// smaller to fit the sheet's width, then squeezed to it.
function headed(svg, heading) {
  const sheet = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = sheet.documentElement;
  const text = root.querySelector('text');
  if (!text || root.querySelector('parsererror')) return svg;
  const x = Number(text.getAttribute('x'));
  const room = Number(root.getAttribute('width')) - 2 * x;
  const size = Number(text.getAttribute('font-size'));
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${text.getAttribute('font-weight')} ${size}px ${root.getAttribute('font-family')}`;
  const wide = context.measureText(heading).width;
  const fitted = Math.max(size * 0.7, Math.min(size, size * room / wide));
  text.textContent = heading;
  text.setAttribute('font-size', String(Math.round(fitted * 10) / 10));
  text.setAttribute('textLength', String(Math.round(Math.min(room, wide * fitted / size))));
  root.setAttribute('aria-label', `Lineup of ${heading}`);
  const title = root.querySelector('title');
  if (title) title.textContent = `${heading}: lineup`;
  return new XMLSerializer().serializeToString(sheet);
}

// The SVG drawn at `scale` into a canvas (a data: address, which the page's content policy allows for images).
function drawn(svg, scale) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      resolve(canvas);
    };
    image.onerror = () => reject(new Error('the crew sheet could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

export async function shareCrewPicture() {
  if (!state.boatName || refusedOffline('picture')) return;
  try {
    // Opened for a race from the Day tab, the picture is headed and named for that race (its boat may race
    // others too).
    const race = state.openedFor?.boat === state.boatName ? state.openedFor : null;
    const sheet = await crewSheet(state.boatName);
    const svg = race ? headed(sheet, pictureHeading(race)) : sheet;
    document.body.dataset.pictureHeading = new DOMParser().parseFromString(svg, 'image/svg+xml')
      .querySelector('text')?.textContent ?? '';
    const canvas = await drawn(svg, 2);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the browser could not make the picture');
    const name = pictureName(state.boatName, race);
    const file = new File([blob], name, { type: 'image/png' });
    document.body.dataset.pictureBytes = String(blob.size);
    if (navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: pictureTitle(state.boatName, race) });
        return;
      } catch (error) {
        if (error.name === 'AbortError') return;
      }
    }
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    notice(`Saved a picture of the crew as ${name}.`);
  } catch (error) {
    explain(error);
  }
}
