"use strict";
// The table: joins with the token in the link's fragment (#...), which the browser never
// sends to the server in a request, and draws every frame the server sends. Every text is set
// with textContent, never as HTML.
(function () {
  const $ = (id) => document.getElementById(id);
  const el = window.soloPage.el;
  const tableId = location.pathname.split("/")[2];
  const token = decodeURIComponent(location.hash.slice(1));
  const SUITS = {C: "♣", S: "♠", H: "♥", D: "♦"};
  const RED = {H: true, D: true};
  let socket = null;
  let frame = null;
  let focus = 0;
  let retry = 500;
  let rulebookLoaded = false;
  let remembered = false;

  function cardText(code) {
    return SUITS[code[0]] + (code.slice(1) === "T" ? "10" : code.slice(1));
  }

  function cardNode(code, tag, extra) {
    const node = el(tag || "span", Object.assign({class: "card" + (RED[code[0]] ? " red" : ""),
                                                  "data-card": code}, extra || {}), cardText(code));
    return node;
  }

  function who(seat) {
    if (seat === null || seat === undefined) return "nobody";
    const name = frame.names[seat];
    return (frame.you === seat ? "you (" + name + ")" : name);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(text) {
    send({type: "act", action: text, hand: frame.hand_no, position: frame.position});
  }

  function showError(text) {
    $("error").textContent = text || "";
    $("error").hidden = !text;
  }

  // where each seat sits around the table, from the reader's own seat at the bottom, in the
  // order of play (clockwise: the next seat sits on the left)
  const PLACES = {3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
                  5: ["bottom", "left", "top-left", "top-right", "right"],
                  6: ["bottom", "left", "top-left", "top", "top-right", "right"]};

  function renderSeats() {
    const list = $("seats");
    list.replaceChildren();
    const count = frame.names.length;
    const places = PLACES[count];
    $("felt").classList.toggle("round", Boolean(places));
    const me = frame.you === null ? 0 : frame.you;
    frame.names.forEach((name, seat) => {
      const item = el("li", {class: "seat", "data-seat": String(seat)});
      if (places) item.classList.add("at-" + places[(seat - me + count) % count]);
      if (seat === frame.turn) item.classList.add("turn");
      if (seat === frame.you) item.classList.add("me");
      if (frame.sitting_out.includes(seat)) item.classList.add("out");
      item.append(el("span", {class: "name"}, name));
      const tags = [];
      if (frame.kinds[seat] !== "person") tags.push(frame.kinds[seat] + " bot");
      if (seat === frame.dealer) tags.push("dealer");
      if (seat === frame.declarer) tags.push("declarer");
      if (seat === frame.partner) tags.push("partner");
      if (seat === frame.leader) { tags.push("leads"); item.classList.add("leader"); }
      if (frame.end && frame.ready.includes(seat)) tags.push("waiting for the next hand");
      if (frame.sitting_out.includes(seat)) tags.push("sits out");
      item.append(el("span", {class: "tags"}, tags.join(", ")));
      item.append(el("span", {class: "won"}, frame.won[seat] + (frame.won[seat] === 1 ? " trick" : " tricks")));
      list.append(item);
    });
  }

  function renderTrick(list, cards, winner) {
    list.replaceChildren();
    for (const entry of cards) {
      const item = el("li", {class: entry.seat === winner ? "winner" : ""});
      item.append(el("span", {class: "who"}, who(entry.seat) + ": "), cardNode(entry.card));
      list.append(item);
    }
  }

  function legalCards() {
    const cards = new Map();
    for (const choice of frame.legal) if (choice.card) cards.set(choice.card, choice);
    return cards;
  }

  function renderHand() {
    const list = $("hand");
    list.replaceChildren();
    $("hand-title").textContent = frame.you === null ? "Spectating: no hand is shown until the end" : "Your hand";
    if (!frame.hand) return;
    const legal = legalCards();
    const myTurn = frame.turn === frame.you && frame.phase === "play";
    frame.hand.forEach((code, index) => {
      const item = el("li");
      const button = cardNode(code, "button", {type: "button", "aria-label": "card " + cardText(code)});
      if (frame.trumps.includes(code)) button.classList.add("trump");
      if (legal.has(code)) button.classList.add("legal");
      if (index === focus) button.classList.add("focus");
      button.disabled = !myTurn;
      button.addEventListener("click", () => { focus = index; act("play " + code); });
      item.append(button);
      list.append(item);
    });
  }

  function renderChoices() {
    const box = $("choices");
    box.replaceChildren();
    const others = frame.legal.filter((choice) => !choice.card || frame.phase !== "play");
    others.forEach((choice, index) => {
      const button = el("button", {type: "button", class: "choice", "data-action": choice.text});
      const key = index < 9 ? (index + 1) + ". " : "";
      button.append(el("span", {class: "label"}, key + choice.label));
      if (choice.note) button.append(el("span", {class: "bid-note"}, choice.note));
      button.addEventListener("click", () => act(choice.text));
      box.append(button);
    });
  }

  function renderBidding() {
    const list = $("bidding");
    list.replaceChildren();
    for (const entry of frame.bidding) {
      const item = el("li");
      item.append(el("span", {class: "deed"}, entry.text));
      list.append(item);
    }
  }

  function highlight(rule) {
    for (const node of document.querySelectorAll(".rulebook .highlight")) node.classList.remove("highlight");
    if (!rule) return;
    const node = document.getElementById(rule.anchor);
    if (node) {
      node.classList.add("highlight");
      scrollWithinPanel(node);
    }
    $("rulebook-link").href = "/table/" + tableId + "/rulebook#" + rule.anchor;
  }

  // The highlighted clause is brought into view inside the rulebook's own scrolling panel
  // only: the page itself never moves away from the hand (on a phone the panel does not
  // scroll, it is folded, and nothing moves).
  function scrollWithinPanel(node) {
    const panel = $("rulebook-box");
    if (panel.scrollHeight <= panel.clientHeight || getComputedStyle(panel).overflowY === "visible") return;
    const top = node.offsetTop - panel.offsetTop;
    if (top < panel.scrollTop || top > panel.scrollTop + panel.clientHeight - node.offsetHeight) {
      panel.scrollTop = Math.max(0, top - panel.clientHeight / 3);
    }
  }

  function renderNotes() {
    const duty = frame.duty;
    $("duty").hidden = !duty;
    $("duty").textContent = duty ? "Your duty: " + duty.text : "";
    const refusal = frame.refusal;
    $("refusal").hidden = !refusal;
    $("refusal").textContent = refusal ? "Not allowed: " + refusal.words : "";
    highlight(refusal ? refusal.rule : duty ? duty.rule : null);
  }

  function row(table, cells, header) {
    const tr = el("tr");
    cells.forEach((cell, index) => {
      const td = el(header || index === 0 ? "th" : "td");
      if (cell instanceof Node) td.append(cell); else td.textContent = String(cell);
      tr.append(td);
    });
    table.append(tr);
  }

  function cardsLine(codes) {
    const span = el("span", {class: "cards-line"});
    codes.forEach((code, index) => { if (index) span.append(" "); span.append(cardNode(code)); });
    if (!codes.length) span.textContent = "—";
    return span;
  }

  function renderEnd() {
    const end = frame.end;
    $("end").hidden = !end;
    if (!end) return;
    let text;
    if (end.contract === null) {
      text = (end.note || "no contract") + "; nobody scores.";
    } else {
      text = end.contract + (end.declarer !== null ? "; partner " + (end.partner === null ? "none" : who(end.partner)) : "");
      if (end.joint.length) {
        text += ". " + end.joint.map(([seat, made]) => who(seat) + (made ? " made" : " lost")).join(", ");
      } else if (end.declarer !== null) {
        text += ". Party " + end.party_tricks + ", defenders " + end.defender_tricks + ": " + (end.made ? "made" : "lost");
      }
      if (end.note) text += ". Also: " + end.note;
    }
    $("outcome").textContent = text;
    const breakdown = $("breakdown");
    breakdown.replaceChildren();
    for (const [name, value] of end.breakdown) row(breakdown, [name, (value > 0 ? "+" : "") + value]);
    row(breakdown, ["change"].concat(end.scores.map((score, seat) => who(seat) + " " + (score > 0 ? "+" : "") + score)));
    const hands = $("all-hands");
    hands.replaceChildren();
    row(hands, ["seat", "dealt", "as played, in order", "not played"], true);
    end.dealt.forEach((codes, seat) => row(hands, [who(seat), cardsLine(codes), cardsLine(end.played[seat]),
                                                   cardsLine(end.unplayed[seat])]));
    const tricks = $("all-tricks");
    tricks.replaceChildren();
    end.tricks.forEach((trick) => {
      const item = el("li");
      trick.cards.forEach((entry, index) => {
        if (index) item.append(", ");
        item.append(el("span", {class: "who"}, who(entry.seat) + " "), cardNode(entry.card));
      });
      item.append(el("span", {class: "winner-note"}, " — won by " + who(trick.winner)));
      tricks.append(item);
    });
    const totals = $("totals");
    totals.replaceChildren();
    row(totals, ["after " + frame.hands_played + " hand" + (frame.hands_played === 1 ? "" : "s")]
      .concat(frame.totals.map((total, seat) => who(seat) + " " + total))
      .concat(frame.pot === null ? [] : ["pot " + frame.pot]));
    renderSheet();
    renderReplay();
    const waiting = frame.ready.filter((seat) => seat !== frame.you);
    $("waiting").hidden = !waiting.length || frame.over;
    $("waiting").textContent = waiting.map((seat) => frame.names[seat]).join(", ") +
      (waiting.length === 1 ? " is" : " are") + " waiting for the next hand.";
    $("again").hidden = !end.again;
    if (end.again) $("again").href = end.again;
    const next = $("next");
    next.hidden = frame.over || frame.you === null;
    next.disabled = frame.ready.includes(frame.you);
    next.textContent = next.disabled ? "Waiting for the others…" : "Next hand";
  }

  function sheetRows() {
    const rows = [["hand", "contract", "declarer", "result"].concat(frame.names)];
    for (const line of frame.sheet) {
      rows.push([String(line.hand), line.contract, line.declarer === null ? "" : frame.names[line.declarer],
                 line.result].concat(line.scores.map(String)));
    }
    rows.push(["total", "", "", ""].concat(frame.totals.map(String)));
    return rows;
  }

  function renderSheet() {
    const sheet = $("sheet");
    sheet.replaceChildren();
    const rows = sheetRows();
    rows.forEach((cells, index) => {
      const line = frame.sheet[index - 1];
      let last = index === 0 ? "replay" : "";
      if (line && line.contract !== "misdeal") {  // a finished hand, stepped through on demand
        last = el("button", {type: "button", class: "sheet-replay"}, "Replay");
        last.addEventListener("click", () => send({type: "hand", number: line.hand}));
      }
      row(sheet, cells.concat([last]), index === 0);
    });
  }

  function csv(rows) {
    const cell = (text) => /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    return rows.map((cells) => cells.map(cell).join(",")).join("\r\n") + "\r\n";
  }

  // The finished hand trick by trick: step 0 is the deal, step k the first k tricks played,
  // the cards each seat still holds beside them.
  // Any earlier hand of the match comes from the server when its "Replay" is clicked.
  let replayStep = null;
  let replayHand = null;
  let replayed = null;  // the server's answer for an earlier hand, or null: the hand just over

  function renderReplay() {
    if (replayed && replayed.shown !== frame.hand_no) replayed = null;  // a new hand is over
    const end = replayed || frame.end;
    const key = replayed ? "hand " + replayed.number : frame.hand_no;
    if (replayHand !== key) { replayHand = key; replayStep = 0; }
    const last = end.tricks.length;
    replayStep = Math.max(0, Math.min(replayStep, last));
    $("replay-step").textContent = (replayed ? "Hand " + replayed.number + ": " : "") +
      (replayStep === 0 ? "The deal" :
       "Trick " + replayStep + " of " + last + ", won by " + who(end.tricks[replayStep - 1].winner));
    $("replay-back").disabled = replayStep === 0;
    $("replay-next").disabled = replayStep === last;
    renderTrick($("replay-trick"), replayStep ? end.tricks[replayStep - 1].cards : [],
                replayStep ? end.tricks[replayStep - 1].winner : null);
    const gone = new Set();
    end.tricks.slice(0, replayStep).forEach((trick) => trick.cards.forEach((entry) => gone.add(entry.card)));
    const table = $("replay-hands");
    table.replaceChildren();
    end.dealt.forEach((codes, seat) => {
      const held = end.played[seat].concat(end.unplayed[seat]).filter((code) => !gone.has(code));
      row(table, [who(seat), cardsLine(held)]);
    });
  }

  function render() {
    // the moment this frame shows, for anyone waiting on the next (a test, an extension)
    document.body.dataset.moment = frame.hand_no + ":" + frame.position + ":" + frame.ready.length;
    document.title = frame.variant.title + " — solo-rules";
    if (!remembered) {  // "my tables" in the lobby lists this table from now on
      remembered = true;
      window.soloPage.rememberTable({url: location.href, title: frame.variant.title,
                                     seat: frame.you === null ? "spectator" : frame.names[frame.you],
                                     when: new Date().toISOString().slice(0, 16).replace("T", " ")});
    }
    $("title").textContent = frame.variant.title;
    const hands = frame.hands === null ? "open-ended match" : "of " + frame.hands;
    $("match").textContent = "Hand " + (frame.hand_no + 1) + " " + hands +
      (frame.variant.german ? " · German-suited: ♣ Eichel, ♠ Grün, ♥ Rot, ♦ Schellen; Q Ober, J Unter" : "") +
      (frame.chosen_seed ? " · The table's creator chose the seed: whoever knows it knows every deal." : "");
    let status;
    if (frame.over && frame.end) status = "The match is over.";
    else if (frame.end) status = "The hand is over.";
    else if (frame.turn === frame.you) status = "Your turn (" + frame.phase + ").";
    else status = who(frame.turn) + " to act (" + frame.phase + ").";
    $("status").textContent = status;
    $("keys").hidden = frame.you === null;  // a spectator has no keys to press
    $("contract").textContent = frame.contract ? frame.contract + (frame.trump ? "; trumps " + frame.trump : "") : "No contract yet";
    renderSeats();
    renderTrick($("trick"), frame.trick, null);
    renderTrick($("last-trick"), frame.last_trick ? frame.last_trick.cards : [], frame.last_trick ? frame.last_trick.winner : null);
    $("exposed-box").hidden = !frame.exposed.length;
    const exposed = $("exposed");
    exposed.replaceChildren();
    for (const code of frame.exposed) { const item = el("li"); item.append(cardNode(code)); exposed.append(item); }
    if (frame.hand && focus >= frame.hand.length) focus = Math.max(0, frame.hand.length - 1);
    renderHand();
    renderChoices();
    renderBidding();
    renderNotes();
    renderEnd();
  }

  async function loadRulebook() {
    if (rulebookLoaded) return;
    rulebookLoaded = true;
    $("rulebook-link").href = "/table/" + tableId + "/rulebook";
    const book = await (await fetch("/table/" + tableId + "/rulebook.json")).json();
    const box = $("rulebook");
    book.sections.forEach((section, number) => {
      box.append(el("h3", {id: "rule-" + section.slot}, (number + 1) + ". " + section.title));
      section.clauses.forEach((clause, index) => {
        const p = el("p", {id: clause.anchor, class: "clause"}, (number + 1) + "." + (index + 1) + " " + clause.text);
        if (clause.notes.length) p.append(el("sup", {}, clause.notes.join(",")));
        box.append(p);
      });
    });
    if (frame) renderNotes();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.addEventListener("open", () => {
      retry = 500;
      send({type: "join", table: tableId, token});
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "welcome") {
        showError("");
        loadRulebook();
      } else if (message.type === "state") {
        frame = message;
        showError("");
        render();
      } else if (message.type === "hand" && frame && frame.end) {
        replayed = Object.assign(message, {shown: frame.hand_no});
        renderReplay();
        $("replay").scrollIntoView({block: "nearest"});
      } else if (message.type === "error" && message.code !== "illegal") {
        showError(message.message);  // a refused action shows in its own box, with its rule
      }
    });
    socket.addEventListener("close", () => {
      $("status").textContent = "Connection lost: reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.addEventListener("keydown", (event) => {
    if (!frame || event.target.tagName === "INPUT") return;
    if (frame.hand && frame.turn === frame.you && frame.phase === "play") {
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        const step = event.key === "ArrowRight" ? 1 : -1;
        focus = (focus + step + frame.hand.length) % frame.hand.length;
        renderHand();
        event.preventDefault();
        return;
      }
      if (event.key === "Enter" && frame.hand[focus]) {
        act("play " + frame.hand[focus]);
        event.preventDefault();
        return;
      }
    }
    if (/^[1-9]$/.test(event.key)) {
      const button = $("choices").querySelectorAll("button")[Number(event.key) - 1];
      if (button) button.click();
    }
  });

  $("download").addEventListener("click", () => {
    if (!frame || !frame.end) return;
    const blob = new Blob([frame.end.record], {type: "application/json"});
    const link = el("a", {href: URL.createObjectURL(blob),
                          download: "solo-rules-" + tableId + "-hand-" + (frame.hand_no + 1) + ".json"});
    document.body.append(link);
    link.click();
    link.remove();
  });
  $("next").addEventListener("click", () => send({type: "ready"}));
  $("copy-link").addEventListener("click", () => window.soloPage.copy($("copy-link"), location.href, "Copy this seat's link"));
  $("replay-back").addEventListener("click", () => { replayStep -= 1; renderReplay(); });
  $("replay-next").addEventListener("click", () => { replayStep += 1; renderReplay(); });
  $("sheet-csv").addEventListener("click", () => {
    if (!frame) return;
    const blob = new Blob([csv(sheetRows())], {type: "text/csv"});
    const link = el("a", {href: URL.createObjectURL(blob), download: "solo-rules-" + tableId + "-scores.csv"});
    document.body.append(link);
    link.click();
    link.remove();
  });

  // on a narrow screen the rulebook is folded until asked for: it would push the hand away
  if (window.matchMedia("(max-width: 60rem)").matches) $("rulebook-details").open = false;

  if (!token) {
    $("status").textContent = "This link has no seat key (the part after #): ask for your link again.";
  } else {
    connect();
  }
})();
