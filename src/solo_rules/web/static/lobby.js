"use strict";
// The lobby: pick a variant (and overlays, or upload a file), the seats and the match, then
// create the table and show its secret links. Every text from the server or the user is put
// in the page as text (textContent), never as HTML.
(function () {
  const $ = (id) => document.getElementById(id);
  const el = window.soloPage.el;
  const params = new URLSearchParams(location.search);
  let lobby = null;
  let uploadText = null;
  let uploadName = null;

  function showError(text) {
    $("error").textContent = text;
    $("error").hidden = !text;
  }

  function chosenOverlays() {
    return Array.from(document.querySelectorAll("#overlays input:checked")).map((box) => box.value);
  }

  function renderOverlays() {
    const variant = $("variant").value;
    const box = $("overlays");
    const keep = new Set(params.getAll("overlay").concat(chosenOverlays()));
    box.replaceChildren();
    for (const overlay of lobby.overlays) {
      if (!overlay.bases.includes(variant)) continue;
      const label = el("label", {class: "overlay"});
      const input = el("input", {type: "checkbox", value: overlay.id});
      input.checked = keep.has(overlay.id);
      input.addEventListener("change", renderSeats);
      label.append(input, " " + overlay.title);
      box.append(label);
    }
  }

  async function seatCount() {
    if (uploadText !== null) return Number($("seat-count") ? $("seat-count").value : 4);
    const query = new URLSearchParams({variant: $("variant").value});
    for (const overlay of chosenOverlays()) query.append("overlay", overlay);
    const answer = await fetch("/api/players?" + query);
    const data = await answer.json();
    if (!answer.ok) { showError(data.error); return 4; }
    showError("");
    return data.players;
  }

  async function renderSeats() {
    const count = await seatCount();
    const box = $("seats");
    const old = Array.from(box.querySelectorAll(".seat")).map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value}));
    box.replaceChildren();
    if (uploadText !== null) {
      const label = el("label", {}, "Seats ");
      const input = el("input", {type: "number", id: "seat-count", min: "3", max: "6", value: String(count)});
      input.addEventListener("change", renderSeats);
      label.append(input);
      box.append(label);
    }
    for (let seat = 0; seat < count; seat++) {
      const row = el("div", {class: "seat"});
      row.append(el("span", {class: "seat-no"}, "Seat " + seat));
      const kind = el("select", {name: "kind-" + seat, "aria-label": "seat " + seat + " plays as"});
      for (const name of lobby.kinds) {
        kind.append(el("option", {value: name}, name === "person" ? "a person" : name + " bot"));
      }
      kind.value = old[seat] ? old[seat].kind : (seat === 0 ? "person" : "heuristic");
      const name = el("input", {type: "text", name: "name-" + seat, maxlength: "40",
                                placeholder: "name", "aria-label": "seat " + seat + " name"});
      name.value = old[seat] ? old[seat].name : "";
      row.append(kind, name);
      box.append(row);
    }
  }

  function request() {
    const seats = Array.from(document.querySelectorAll("#seats .seat")).map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value}));
    const body = {seats, bot_delay: Number($("bot-delay").value)};
    if (uploadText !== null) {
      body.variant = uploadName;
      body.upload = uploadText;
    } else {
      body.variant = $("variant").value;
      body.overlays = chosenOverlays();
    }
    if (params.has("seed") && params.has("dealer") && uploadText === null) {
      body.deal = {seed: params.get("seed"), dealer: Number(params.get("dealer"))};
      if (params.has("preferred")) body.deal.preferred = params.get("preferred");
      if (params.has("pot")) body.deal.pot = Number(params.get("pot"));
    } else if (!$("open-ended").checked) {
      body.hands = Number($("hands").value);
    }
    return body;
  }

  function showLinks(data) {
    const list = $("link-list");
    list.replaceChildren();
    const add = (label, path, id) => {
      const item = el("li");
      const url = location.origin + path;
      item.append(el("span", {class: "who"}, label + ": "), el("a", {href: url, id, class: "table-link"}, url),
                  " ", window.soloPage.copyButton("Copy", url));
      list.append(item);
    };
    for (const [seat, path] of Object.entries(data.seats)) add("Seat " + seat, path, "link-seat-" + seat);
    add("Spectators", data.spectator, "link-spectator");
    $("links").hidden = false;
  }

  async function create(event) {
    event.preventDefault();
    showError("");
    const answer = await fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
                                               body: JSON.stringify(request())});
    const data = await answer.json();
    if (!answer.ok) { showError(data.error); return; }
    showLinks(data);
  }

  function renderMine() {
    const kept = window.soloPage.myTables().filter((t) => t.url.startsWith(location.origin + "/table/"));
    const list = $("mine-list");
    list.replaceChildren();
    for (const entry of kept) {
      const item = el("li");
      item.append(el("a", {href: entry.url, class: "my-table"}, entry.title + " — " + entry.seat),
                  el("span", {class: "note"}, " " + (entry.when || "")));
      list.append(item);
    }
    $("mine").hidden = !kept.length;
  }

  async function start() {
    renderMine();
    lobby = await (await fetch("/api/lobby")).json();
    for (const variant of lobby.variants) {
      $("variant").append(el("option", {value: variant.id}, variant.title + " (" + variant.id + ")"));
    }
    if (params.has("variant")) $("variant").value = params.get("variant");
    if (params.has("seed")) {
      $("again").textContent = "Dealing a hand again: seed " + params.get("seed") + ", dealer seat " +
        params.get("dealer") + (params.has("preferred") ? ", preferred suit " + params.get("preferred") : "") +
        (params.has("pot") ? ", pot " + params.get("pot") : "") + " (one hand, as the match dealt it).";
      $("again").hidden = false;
    }
    $("variant").addEventListener("change", () => { renderOverlays(); renderSeats(); });
    $("upload").addEventListener("change", async () => {
      const file = $("upload").files[0];
      if (!file) { uploadText = null; renderSeats(); return; }
      if (file.size > lobby.max_upload) {
        showError("the variant file has " + file.size + " bytes; at most " + lobby.max_upload + " are taken");
        return;
      }
      uploadText = await file.text();
      uploadName = file.name;
      renderSeats();
    });
    $("lobby").addEventListener("submit", create);
    renderOverlays();
    await renderSeats();
  }

  start();
})();
