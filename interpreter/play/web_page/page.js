// The page of one seat: draws what /api/TOKEN/state says, sends decisions, follows the
// table's changes through server-sent events. Everything shown comes from the server, which
// sends this seat its own view only.
"use strict";

const token = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const api = (what) => `/api/${encodeURIComponent(token)}/${what}`;
const $ = (id) => document.getElementById(id);
let state = null;
let loading = null;

function showMessage(text, bad) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("bad", Boolean(bad));
}

// One request at a time; a change announced meanwhile is fetched right after it.
let again = false;

async function load() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    do {
      again = false;
      try {
        const response = await fetch(api("state"), { cache: "no-store" });
        const data = await response.json();
        if (!response.ok) {
          showMessage(data.error || `error ${response.status}`, true);
          continue;
        }
        state = data;
        render();
      } catch (err) {
        showMessage(`The server cannot be reached (${err.message}).`, true);
      }
    } while (again);
    loading = null;
  })();
  return loading;
}

async function post(action, payload) {
  let data = {};
  let ok = false;
  try {
    const response = await fetch(api(action), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload || {}),
    });
    data = await response.json();
    ok = response.ok;
  } catch (err) {
    data = { error: `The server cannot be reached (${err.message}).` };
  }
  if (!ok) showMessage(data.error || "The server refused this.", true);
  else showMessage(data.message || "", false);
  await load();
}

function decide(payload) {
  if (!state || !state.decision) return;
  post("decide", { decision: state.decision.id, ...payload });
}

function render() {
  const s = state;
  document.body.dataset.version = s.version; // what the page shows (tests wait on it)
  document.title = `${s.game}: ${s.you.name}`;
  $("title").textContent = `${s.game} - ${s.you.name}`;
  const mine = Boolean(s.decision);
  const status = $("status");
  status.classList.toggle("yours", mine);
  status.textContent = s.failure ? s.failure : s.over ? "The game is over."
    : mine ? "Your decision." : `Waiting for ${s.waiting_for}...`;

  renderBoard(s);
  renderDecision(s);
  $("hand").textContent = s.hand || "(nothing)";
  renderScores(s);
  renderLog(s);
  const final = $("final-panel");
  final.hidden = !s.final;
  $("decision-panel").hidden = s.over;
  if (s.final) {
    $("final").textContent = [`Game end: ${s.final.ending}.`, "", ...s.final.lines, "",
      s.final.scores].join("\n");
  }
}

function renderBoard(s) {
  const board = $("board");
  board.innerHTML = s.board;
  const options = new Map((s.decision ? s.decision.options : []).map((o) => [o.place, o]));
  for (const el of board.querySelectorAll("[data-place]")) {
    const option = options.get(el.getAttribute("data-place"));
    if (option) {
      el.classList.add("legal");
      el.setAttribute("role", "button");
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = option.label;
      el.prepend(title);
      el.addEventListener("click", () => decide({ option: option.index }));
    } else if (s.decision) {
      el.classList.add("target");
      el.addEventListener("click", () => decide({ place: el.getAttribute("data-place") }));
    }
  }
}

function renderDecision(s) {
  const panel = $("decision-panel");
  panel.classList.toggle("yours", Boolean(s.decision));
  const hints = $("hints");
  hints.replaceChildren();
  const options = $("options");
  options.replaceChildren();
  if (s.decision) {
    $("prompt").textContent = s.decision.prompt;
    for (const hint of s.decision.hints) {
      const li = document.createElement("li");
      li.textContent = hint;
      hints.append(li);
    }
    const onBoard = new Set([...$("board").querySelectorAll("[data-place]")]
      .map((el) => el.getAttribute("data-place")));
    for (const option of s.decision.options) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = option.label;
      button.dataset.index = option.index;
      button.dataset.place = option.place;
      if (onBoard.has(option.place)) {
        button.classList.add("place");
        button.title = "or click it on the board";
      }
      button.addEventListener("click", () => decide({ option: option.index }));
      options.append(button);
    }
  } else {
    $("prompt").textContent = s.over ? "No more decisions." : `${s.waiting_for} decides.`;
  }
  const undo = $("undo");
  undo.disabled = s.undo.count < 1;
  undo.title = s.undo.reason || "";
  $("undo-reason").textContent = s.undo.count > 0
    ? `You can take back ${s.undo.count} decision${s.undo.count === 1 ? "" : "s"}.`
    : (s.undo.reason || "");
}

function renderScores(s) {
  const body = $("scores").querySelector("tbody");
  body.replaceChildren();
  for (const p of s.players) {
    const row = document.createElement("tr");
    if (p.player === s.you.player) row.classList.add("you");
    for (const text of [p.deciding ? "\u25b6" : "", p.name + (p.player === s.you.player
      ? " (you)" : ""), p.seat === "human" ? "person" : `${p.seat} bot`, String(p.score)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    body.append(row);
  }
}

function renderLog(s) {
  const log = $("log");
  log.replaceChildren(...s.log.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  log.scrollTop = log.scrollHeight;
}

$("undo").addEventListener("click", () => {
  if (state) post("undo", { decision: state.version });
});
$("save").addEventListener("click", () => post("save", {}));

function follow() {
  const events = new EventSource(api("events"));
  events.onmessage = (event) => {
    const { version } = JSON.parse(event.data);
    if (!state || version !== state.version) load();
  };
}

load().then(follow);
