// The page's two look-ups by CSS selector: the first match, and all of them as an array.
export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
