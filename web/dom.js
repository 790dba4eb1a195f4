// The page's two look-ups by CSS selector, the first match and all of them as an array, and a server sentence
// set as a node's text.
import { proseParts } from './wording.js';

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

// `text` as the node's only content, with what the server wrote in backticks shown as code (the page is no
// terminal: the backticks themselves are not shown).
export function setProse(node, text) {
  node.replaceChildren(...proseParts(text).map((part) => {
    if (!part.code) return document.createTextNode(part.text);
    const code = document.createElement('code');
    code.textContent = part.text;
    return code;
  }));
  return node;
}

// A new element of `tag` with `text` (set as prose) and `className`, either of them left out with null.
export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text != null) setProse(node, text);
  if (className) node.className = className;
  return node;
}

// A button (not one that submits a form) saying `text`, doing `onClick`.
export function button(text, className, onClick) {
  const node = element('button', text, className);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}
