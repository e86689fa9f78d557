"use strict";
// What the lobby and the table share: an element made with its attributes and its text, the
// text always set as text (textContent), never parsed as HTML; a button that copies a link;
// the tables this browser joined ("my tables"), kept in its own storage only.
window.soloPage = {
  el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  },

  copyButton(label, url) {
    const button = window.soloPage.el("button", {type: "button", class: "copy", "data-url": url}, label);
    button.addEventListener("click", () => window.soloPage.copy(button, url, label));
    return button;
  },

  async copy(button, url, label) {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = "Copied";
    } catch (error) {
      button.textContent = "Copy failed: select the link";
    }
    setTimeout(() => { button.textContent = label; }, 1500);
  },

  myTables() {
    try {
      const kept = JSON.parse(localStorage.getItem("solo-rules-tables") || "[]");
      return Array.isArray(kept) ? kept.filter((t) => t && typeof t.url === "string") : [];
    } catch (error) {
      return [];
    }
  },

  rememberTable(entry) {
    const others = window.soloPage.myTables().filter((t) => t.url !== entry.url);
    try {
      localStorage.setItem("solo-rules-tables", JSON.stringify([entry].concat(others).slice(0, 20)));
    } catch (error) { /* storage full or refused: the link still works */ }
  },
};
