"use strict";
// What the lobby and the table share: an element made with its attributes and its text, the
// text always set as text (textContent), never parsed as HTML.
window.soloPage = {
  el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  },
};
