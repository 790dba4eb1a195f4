// A picture of the crew for a team chat: the boat's crew sheet as the command line exports it (SVG, from
// the server), drawn into a canvas in the browser and handed to the phone's share sheet as a PNG (the Web
// Share API with files, where the browser has it), or saved as a download otherwise; without weights.
import { boatPath } from './api.js';
import { pictureName, pictureTitle } from './boats.js';
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
    const svg = await crewSheet(state.boatName);
    const canvas = await drawn(svg, 2);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the browser could not make the picture');
    // Opened for a race from the Day tab, the picture is named for that race (its boat may race others too).
    const race = state.openedFor?.boat === state.boatName ? state.openedFor : null;
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
