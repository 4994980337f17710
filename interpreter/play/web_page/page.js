// The page of one seat: draws what /api/TOKEN/state says, sends decisions, follows the
// table's changes through server-sent events. Everything shown comes from the server, which
// sends this seat its own view only.
"use strict";

const token = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const api = (what) => `/api/${encodeURIComponent(token)}/${what}`;
const $ = (id) => document.getElementById(id);
let state = null;
let loading = null;
let busy = false; // a decision sent, its answer not come yet: the options wait
let wasMine = false;

// The server's answer: said in the decision panel's own status line, under its options,
// Undo and Save, where it covers no part of the board and takes no click (a refusal that
// floated over the board hid its middle and took the next click); a refused place of the
// board is outlined in red. On a phone (one column, the panel above the board) a refused
// click is said in a line of its own just above the board; with no decision panel (a
// spectator's page, the end) an answer is said in a box of its own over the column.
function showMessage(text, bad, at) {
  noteOf = state ? state.version : null;
  const panel = $("decision-panel");
  const inPanel = !(at && PHONE.matches) && !panel.hidden && panel.offsetParent !== null;
  const box = inPanel ? $("panel-status") : $("message");
  for (const other of [$("message"), $("panel-status")]) if (other !== box) other.hidden = true;
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("bad", Boolean(bad));
  keepRoom(); // the column's room with the status line (the log keeps its last entries)
  if (text) box.scrollIntoView({ block: "nearest" });
  if (text && bad) {
    box.classList.remove("fresh");
    void box.offsetWidth; // the flash starts again for each refusal
    box.classList.add("fresh");
    if (at && at.place) markRefused(at.place);
  }
}

// A note belongs to the version of the game it was said on: it goes when the page draws
// another (a decision answered, here or elsewhere). A refusal about the last decision stayed
// on screen under the next one, read as about it.
let noteOf = null;
function dropStaleNote(s) {
  if (noteOf === null || noteOf === s.version) return;
  for (const box of [$("message"), $("panel-status")]) box.hidden = true;
  noteOf = null;
}

// a phone's one column (page.css): the decision panel above the board, out of sight
const PHONE = matchMedia("(max-width: 900px)");

function markRefused(place) {
  const el = $("board").querySelector(`[data-place="${CSS.escape(place)}"]`);
  if (!el) return;
  // one place outlined at a time (an outline left behind read as a second refusal)
  for (const old of $("board").querySelectorAll(".refused")) old.classList.remove("refused");
  el.classList.add("refused");
  clearTimeout(markRefused.timer);
  markRefused.timer = setTimeout(() => el.classList.remove("refused"), 3000);
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
        connected(true);
        // The same version is the same state: it is not drawn again. (Drawing anew replaces
        // the buttons and the board's places: a click pressed on one and released on its
        // successor would be lost.) `run` tells a server restarted from a save apart.
        if (state && data.version === state.version && data.run === state.run) continue;
        if (state && data.run !== state.run) restarted(state, data);
        state = data;
        render();
        if (restartNote && (data.over || data.spectator)) showMessage(restartNote, false);
      } catch (err) {
        connected(false);
      }
    } while (again);
    loading = null;
  })();
  return loading;
}

// A table restarted from a save (`serve --load`, a new run of the server) while the page was
// open: the page follows it to where the save was, and says so until the player decides (seed
// 316's newcomer saw the end of the game turn back to an earlier turn, nothing said why).
let restartNote = null;
function restarted(old, now) {
  clickTook = null;
  settledId = null;
  noteOf = null; // (the notes of the other run's versions)
  for (const box of [$("message"), $("panel-status")]) box.hidden = true;
  const n = now.decisions, was = old.decisions;
  if (n === was && old.over === now.over) {
    restartNote = null; // the same position: the game goes on as it was
    return;
  }
  const shown = `this page showed ${was}${old.over ? ", the end of the game" : ""}`;
  restartNote = `The table was restarted from a save: ${n < was ? "back to" : "now at"} where `
    + `the game stood after ${n} decision${n === 1 ? "" : "s"} (${shown}); `
    + `${now.spectator ? "the board and the log are" : "all below is"} as it was then.`;
}

// The server gone: said at once in the header; the page keeps trying and comes back by itself.
function connected(up) {
  const box = $("connection");
  if (up === box.hidden) return; // already so
  box.hidden = up;
  box.textContent = up ? "" : "The server cannot be reached: trying again every few seconds...";
  document.body.classList.toggle("offline", !up); // the options greyed until it is back
  markOffline();
  if (up && state) render(); // the turn said again (the same state is not drawn again)
  if (!up && !(state && state.over)) { // nor does the page say it is your turn (seed 312's
    // newcomer read "Your decision." and "Your turn" in the tab while nothing could be
    // decided); back, render says it again. (A game over stays so: its server may stop.)
    document.title = `\u26a0 No connection - ${document.title.replace(/^\u25b6 Your turn - /, "")}`;
    $("status").classList.remove("yours");
    $("status").textContent = "No connection to the server.";
  }
  if (!up) {
    clearTimeout(connected.timer);
    connected.timer = setTimeout(() => load(), 3000);
  }
}

// The controls that need the server say so to a screen reader while it is gone, as they
// look (page.css: body.offline); a click on one still says why in words (post)
function markOffline() {
  const off = document.body.classList.contains("offline");
  for (const button of document.querySelectorAll(
    "#options button, #options-apart button, .tools button")) {
    if (off) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }
}

async function post(action, payload, at, taken) {
  const before = state && state.version;
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
  } catch {
    // (in words: the browser's own 'Failed to fetch' read as jargon to seed 314's newcomer)
    data = { error: "The server cannot be reached: nothing was sent. The page tries again by itself." };
    connected(false);
  }
  if (ok && action !== "save") restartNote = null; // (said until they decide again)
  // the options wait until the answer's state is drawn: the old ones are no longer current
  try { await load(); } finally { setBusy(false); }
  // the answer is shown once the page takes clicks again: a click made as soon as a refusal
  // is read is never dropped as one made while the refused decision was under way
  // (a click aimed at a question the game answered for them: said as such, not as wrong)
  if (!ok) showMessage(data.error || "The server refused this.", !data.answered, at);
  // what a click took: under a new decision of theirs a note would read as about it, so it
  // is said above its question, as the way here
  else if (!state.decision || state.version === before) showMessage(taken || data.message || "", false);
  else {
    showMessage("", false);
    clickTook = taken ? { text: taken, version: state.version } : null;
    showTaken(state);
    keepRoom();
  }
}

function setBusy(on) {
  busy = on;
  document.body.classList.toggle("busy", on);
  $("sending").hidden = !on;
  for (const button of optionButtons()) button.disabled = on || settling;
}

// every option's button: in the options' window and apart from it, under it
function optionButtons() {
  return document.querySelectorAll("#options button, #options-apart button");
}

// A new decision's options take no click for SETTLE_MS, or until the pointer moves: a click
// aimed at the screen before lands on whatever is drawn under it now (a newcomer clicked
// an option meant for the last screen, the panel having shifted, and moved the wrong piece).
const SETTLE_MS = 300;
let settling = false, settledId = null, settleTimer = null;

function settle(decision) {
  if (!decision || decision.id === settledId) return; // the same decision drawn again
  settledId = decision.id;
  settling = true;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(settled, SETTLE_MS);
}

function settled() {
  if (!settling) return;
  settling = false;
  clearTimeout(settleTimer);
  setBusy(busy);
}
addEventListener("pointermove", settled);

function decide(payload, event, taken) { // taken: said once the choice is made
  if (!state || !state.decision || busy || settling) return; // a second click waits for the first
  // the place of the board clicked, if it was one (a refusal outlines it)
  const at = event && payload.place !== undefined ? { place: payload.place } : null;
  $("message").hidden = true; // a new click: the last answer is done with
  $("panel-status").hidden = true;
  setBusy(true); // at once: the click was taken
  post("decide", { decision: state.decision.id, ...payload }, at, taken);
}

// A short tone when it becomes your turn, if the box is ticked (kept in this browser).
function beep() {
  if (!$("sound").checked || !window.AudioContext) return;
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0.08;
  tone.frequency.value = 660;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.18);
}
$("sound").checked = localStorage.getItem("sound") === "on";
$("sound").addEventListener("change", () => localStorage.setItem("sound", $("sound").checked ? "on" : "off"));

function render() {
  const s = state;
  document.body.dataset.version = s.version; // what the page shows (tests wait on it)
  document.body.classList.toggle("spectator", Boolean(s.spectator)); // no hand, no decisions
  const mine = Boolean(s.decision);
  // the tab says when it is your turn, seen from another tab too; and at the end, that the
  // game is over and who won (seed 312's newcomer read only the game's name and theirs)
  const over = s.final ? `Game over: ${s.final.banner.replace(/[.!]$/, "")} - ` : "";
  document.title = `${mine ? "\u25b6 Your turn - " : over}${s.game}: ${s.you.name}`;
  $("title").textContent = `${s.game} - ${s.you.name}`;
  if (mine && !wasMine) beep();
  wasMine = mine;
  const status = $("status");
  status.classList.toggle("yours", mine);
  status.textContent = s.failure ? s.failure : s.over ? "The game is over."
    : mine ? "Your decision." : s.spectator ? `Watching: ${s.waiting_for} decides.`
    : `Waiting for ${s.waiting_for}...`;

  dropStaleNote(s);
  settle(s.decision); // before its buttons are drawn: they wait a moment
  renderBoard(s);
  renderDecision(s);
  renderHand(s);
  renderScores(s);
  renderLog(s);
  const final = $("final-panel");
  final.hidden = !s.final;
  $("decision-panel").hidden = s.over;
  document.body.classList.toggle("over", Boolean(s.over));
  if (s.final) renderFinal(s.final);
  if ($("rules-drawer").hidden) $("rules-open").textContent = rulesLabel();
  placeUnderBoard();
  keepRoom();
  // a phone's board: readable, its places in view once the panels above it have their size
  if (window.boardZoom) window.boardZoom.drawn(s);
}

// The column's room, when it is short (1366x768, many options): the log keeps its last
// LOG_ENTRIES entries, however long, and LOG_LINES whole lines at least (a newcomer saw about
// three short entries); the digest says whole lines, as many as leave every option in view
// (with many options, DIGEST_LINES lines' worth at least: they scroll in their box; few
// options are all in view, the digest down to its first line), and how many more the log
// has; Undo and Save stay in view. (CSS alone cannot say "this many lines, or fewer if it has
// fewer".)
// The options keep their own height up to OPTION_ROWS rows of them (a newcomer's four turn
// options sat in a window two lines tall under a long digest, B, C and D below its fold):
// the digest gives way first, a long line of it folded down to DIGEST_FOLDED lines.
const DIGEST_LINES = 6, LOG_ENTRIES = 4, LOG_LINES = 6, DIGEST_SHARE = 0.45; // (of the window's height)
const OPTION_ROWS = 8, OPTIONS_SHARE = 0.5, DIGEST_FOLDED = 2;
// The digest comes before the log: where it would still leave lines out, fold one or scroll
// (a busy turn), the log gives way, down to its last LOG_LINES_LEAST lines, and keeps what
// the digest leaves (issue 33: at 1366x768 a busy turn's digest had two lines beside the
// log's last three entries, eight lines); its heading then says that earlier lines are above.
// Three lines, not two: the next newcomer read a log of two lines as the log lost; and its
// last LOG_ENTRIES_LEAST entries whole, however long (seed 223's newcomer read three lines, the
// first a stray tail, as one or two entries). Four, not three: at busy moments (seed 316's
// newcomer, a long digest, many options, Save's answer) the log kept about two and a half.
const LOG_LINES_LEAST = 4, LOG_ENTRIES_LEAST = 4;

function keepRoom() {
  const log = $("log");
  $("log-earlier").hidden = true;
  reserveLog(log, lastEntriesHeight(log, LOG_ENTRIES, LOG_LINES));
  // the hints' box as fitted to the last window (fitHints) is undone before the digest is
  // fitted: at 1920x1080 a box fitted at 1366x768 read as a hint cut, and the digest gave
  // way to it down to one line, the log taking the room (seed 312's newcomer)
  $("hints").style.maxHeight = $("hints").style.minHeight = "";
  $("every").classList.remove("shorter");
  markCut($("every"));
  holdOptions();
  const idle = $("effects");
  if (idle.classList.contains("given-way")) idle.hidden = false;
  idle.classList.remove("given-way");
  fitDigest();
  if (digestGaveWay() && !PHONE.matches) { // (a phone's page scrolls: the log keeps its room)
    $("log-earlier").hidden = false;
    reserveLog(log, lastEntriesHeight(log, LOG_ENTRIES_LEAST, LOG_LINES_LEAST));
    fitDigest();
  }
  // under options that each say what they do, the line that says the others do nothing is
  // left out where the column has no room for it whole (it was cut in the middle)
  if ($("options").classList.contains("described") && !idle.hidden
      && idle.clientHeight + 1 < idle.scrollHeight) {
    idle.hidden = true;
    idle.classList.add("given-way");
  }
  fitHints();
  countOptionsBelow(); // (its line may take room from the boxes: they are marked after it)
  for (const box of SCROLLED) markMoreBelow($(box));
  // many places that still scroll in their box: what every option does gives them its third
  // line, ended by its mark ("...", the whole on pointing and on a click), the places one
  // row more (seed 312's newcomer scrolled for 4 of 19)
  const every = $("every");
  if (!$("options-below").hidden && $("options").classList.contains("grouped")
      && !every.hidden && !every.classList.contains("whole")) {
    every.classList.add("shorter");
    markCut(every);
    fitHints();
    countOptionsBelow();
    for (const box of SCROLLED) markMoreBelow($(box));
  }
  wholeLogEntries(log);
  if (logAtEnd) log.scrollTop = log.scrollHeight; // its new box shows the newest lines at once
}

function lineHeight(el) {
  return parseFloat(getComputedStyle(el).lineHeight) || 16;
}

// The log's panel kept tall enough for `height` of the log's last lines (its box's own
// whole-line height undone first: wholeLogEntries)
function reserveLog(log, height) {
  const panel = $("log-panel");
  panel.style.minHeight = log.style.maxHeight = "";
  if (height) panel.style.minHeight = `${Math.ceil(panel.offsetHeight - log.clientHeight + height)}px`;
}

// whether the digest left lines out, folded one or scrolls: it had less room than its lines
function digestGaveWay() {
  const list = $("digest-lines");
  return !$("digest").hidden && (list.querySelector(".more, .folded, .cut") !== null
    || list.classList.contains("scrolls"));
}

// The log's box as high as its last entries that fit in it whole, so that scrolled to its end
// it starts at an entry's first line, never at the stray tail of one above (a newcomer read
// such a tail as an entry); where not even the last one fits, a whole number of lines. The
// room under it stays blank.
function wholeLogEntries(log) {
  log.style.maxHeight = "";
  if (PHONE.matches || log.scrollHeight <= log.clientHeight + 1) return;
  const room = log.getBoundingClientRect().height + 0.5;
  let height = 0;
  for (const li of [...log.children].reverse()) { // (their heights to a fraction of a pixel)
    const own = li.getBoundingClientRect().height;
    if (height + own > room) break;
    height += own;
  }
  const line = lineHeight(log);
  if (!height) height = Math.max(1, Math.floor(room / line)) * line;
  log.style.maxHeight = `${height}px`;
}

// the options' least height: all of them, or their first OPTION_ROWS rows (at most
// OPTIONS_SHARE of the window); on a phone the page scrolls instead
function holdOptions() {
  const box = $("options");
  box.style.minHeight = "";
  if (PHONE.matches || !box.querySelector("button")) return;
  const start = box.getBoundingClientRect().top - box.scrollTop;
  const rows = [...new Set([...box.querySelectorAll("button")].map(
    (b) => Math.round(b.getBoundingClientRect().top - start)))].sort((a, b) => a - b);
  const own = rows.length > OPTION_ROWS ? rows[OPTION_ROWS] : box.scrollHeight;
  box.style.minHeight = `${Math.ceil(Math.min(own, innerHeight * OPTIONS_SHARE))}px`;
}

// A text kept to a few lines (page.css): where it goes on, its last line ends with a mark
// ("..."), and it shows whole on pointing (its title) and on a click.
function markCut(el) {
  const cut = !el.classList.contains("whole") && el.scrollHeight > el.clientHeight + 1;
  el.classList.toggle("cut", cut);
  el.title = cut ? `${el.textContent} (click to show it whole)` : "";
}
$("every").addEventListener("click", (e) => {
  if (!e.currentTarget.classList.contains("cut")) return;
  e.currentTarget.classList.add("whole");
  keepRoom();
  e.currentTarget.scrollIntoView({ block: "nearest" }); // (the decision's box may scroll)
});

// A box that scrolls with more of it below: its last line fades (page.css), as a sign that
// it goes on (a newcomer took the places in view for all of them).
function markMoreBelow(el) {
  el.classList.toggle("more-below", el.scrollTop + el.clientHeight < el.scrollHeight - 1);
}
// Where the options' window scrolls, how many options are not whole in it, under it, in
// words ("▼ 1 more option below: scroll"): a fading last line alone read as an option cut
// in the middle, running into the pass under it.
function countOptionsBelow() {
  const box = $("options"), below = $("options-below");
  const counted = () => {
    const bottom = Math.min(box.getBoundingClientRect().bottom,
      $("decision-body").getBoundingClientRect().bottom); // (the window, or the decision's)
    return [...box.querySelectorAll("button")]
      .filter((b) => b.getBoundingClientRect().bottom > bottom + 1).length;
  };
  // counted without the line first: its room may be all the options lack (seed 312's last
  // of 19 places was cut by the line that said so)
  below.hidden = true;
  let cut = counted();
  if (cut) {
    below.hidden = false;
    cut = counted(); // its own line took room from the window
  }
  below.textContent = `▼ ${cut} more ${cut === 1 ? "option" : "options"} below: scroll`;
}
for (const box of ["options", "decision-body"]) $(box).addEventListener("scroll", countOptionsBelow);

// the boxes of the decision that may scroll: the hints give way before the options (a
// newcomer's fourth option sat below the fold under three long hints at 1366x768), and the
// decision's body as a whole where even that is not enough
const SCROLLED = ["hints", "options", "decision-body"];
for (const box of [...SCROLLED, "digest-lines"]) {
  $(box).addEventListener("scroll", (e) => markMoreBelow(e.currentTarget));
}

// the height of the log's last entries, whole: `entries` of them, and more while they make
// fewer than `lines` lines
function lastEntriesHeight(log, entries, lines) {
  const line = lineHeight(log);
  let height = 0, kept = 0;
  for (const li of [...log.children].reverse()) {
    if (kept >= entries && height >= lines * line - 1) break;
    height += li.getBoundingClientRect().height;
    kept += 1;
  }
  return height;
}

// The hints' box, where it scrolls, ends after its last whole hint in view (else after its
// last whole line): issue 33's newcomer read "you would score 10 VP (half)" cut at its foot.
// The rest scrolls into view, its last line faded (markMoreBelow).
function fitHints() {
  const box = $("hints");
  box.style.maxHeight = box.style.minHeight = "";
  if (PHONE.matches || box.scrollHeight <= box.clientHeight + 1) return;
  const top = box.getBoundingClientRect().top - box.scrollTop, room = box.clientHeight;
  let fit = 0;
  for (const li of box.children) {
    const bottom = li.getBoundingClientRect().bottom - top;
    if (bottom > room + 0.5) break;
    fit = bottom;
  }
  if (!fit) { // not even the first hint whole: its whole lines
    const line = lineHeight(box);
    fit = Math.max(line, Math.floor(room / line) * line);
  }
  box.style.maxHeight = box.style.minHeight = `${Math.ceil(fit)}px`; // (no less either)
}

// The digest's lines, the last ones dropped while the column is cramped, never cut in the
// middle: "N more: see the log" says what it leaves out, and shows them on a click (a
// newcomer's points came with their reason among the lines left out, scrolled away in the
// log), every line whole, over the board (showDigestAll).
function fitDigest() {
  const digest = $("digest"), list = $("digest-lines");
  list.querySelector(".more")?.remove();
  digest.querySelector(".digest-rest")?.remove();
  list.classList.remove("scrolls", "more-below");
  list.style.maxHeight = ""; // (fitted again where the log gave way: keepRoom)
  const lines = [...list.children];
  for (const li of lines) {
    li.hidden = false;
    li.classList.remove("folded", "cut");
    li.style.maxHeight = "";
    if (li.dataset.whole) li.textContent = li.dataset.whole; // (cut between clauses: foldLine)
  }
  if (digest.hidden || !lines.length) return;
  const top = lines[0].getBoundingClientRect().top;
  const least = digestLeast(list);
  const few = optionButtons().length < MANY;
  const fewest = few ? 1
    : Math.max(1, lines.filter((li) => li.getBoundingClientRect().bottom - top <= least).length);
  const more = cell("li", "");
  more.className = "more";
  more.title = "show them here";
  more.addEventListener("click", showDigestAll);
  // the lines up to the last about the player's places are never folded (a pawn moved off
  // a newcomer's region was behind "2 more")
  const kept = Math.min(fitDigest.kept || 0, lines.length);
  // folded from the last, the results after all the others (in time order they may come
  // last: round 5's newcomer missed them folded)
  const order = [...lines.keys()].slice(kept).reverse();
  const folding = [...order.filter((k) => !lines[k].classList.contains("result")),
    ...order.filter((k) => lines[k].classList.contains("result"))];
  let hidden = 0;
  while (hidden < folding.length && lines.length - hidden > fewest && cramped()) {
    lines[folding[hidden++]].hidden = true;
    more.textContent = `${hidden} more: see the log, or click to show them.`;
    if (!more.isConnected) list.append(more);
  }
  // the last line shown that is not a result is the one cut short, else the last one
  const shown = [...lines.keys()].filter((k) => k >= kept && !lines[k].hidden);
  const last = shown.findLast((k) => !lines[k].classList.contains("result")) ?? shown.at(-1);
  if (last !== undefined) foldLine(lines[last], list, more, hidden);
  else if (kept) scrollKept(list);
}

// The lines never folded, where even they leave the options less than their room: they
// scroll in their own box, DIGEST_FOLDED lines' worth at least (a newcomer's long lines about
// their places pushed every option out of the panel), a note over its last line saying so
// (a newcomer read a line cut in the middle with nothing to say that more was there).
function scrollKept(list) {
  const line = lineHeight(list);
  const rest = document.createElement("div");
  rest.className = "digest-rest";
  rest.textContent = "\u25bc more: scroll this box, or click to show it all";
  rest.addEventListener("click", showDigestAll);
  let height = list.offsetHeight;
  // lines that are whole where the hints give way (their first one whole) stay whole (seed
  // 229's newcomer: the pawns moved off their regions); lines that scroll even so leave
  // the hints whole (seed 314's: what an option scores, scrolled in a box of two)
  const cut = squeezed(firstHintCut) ? hintsCut : firstHintCut;
  while (height > DIGEST_FOLDED * line
    && (squeezed(cut) || $("digest").offsetHeight > innerHeight * DIGEST_SHARE)) {
    if (!rest.isConnected) list.after(rest);
    height = Math.max(DIGEST_FOLDED * line, height - line);
    list.classList.add("scrolls");
    list.style.maxHeight = `${Math.ceil(height)}px`;
  }
  markMoreBelow(list);
}

// The last line kept, where the options still have less than their room: its first clauses
// only, cut between two ("; "), never in the middle of one (seed 320's newcomer read a line
// cut mid-sentence, "...you score 4 VP for"), down to DIGEST_FOLDED lines, the rest behind
// "more" and "..."; a single clause still too long, its first lines only.
function foldLine(li, list, more, left) {
  const line = lineHeight(list);
  const say = () => {
    more.textContent = left ? `${left} more, and the rest of this: see the log, or click to show them.`
      : "The rest: see the log, or click to show it.";
    if (!more.isConnected) list.append(more);
  };
  const clauses = li.textContent.split("; ");
  let kept = clauses.length;
  while (kept > 1 && li.offsetHeight > DIGEST_FOLDED * line + 1 && squeezed()) {
    if (!li.dataset.whole) li.dataset.whole = li.textContent;
    kept -= 1;
    li.textContent = `${clauses.slice(0, kept).join("; ")}; \u2026`;
    li.classList.add("cut");
    say();
  }
  let rows = Math.round(li.offsetHeight / line);
  while (rows > DIGEST_FOLDED && squeezed()) {
    rows -= 1;
    li.classList.add("folded");
    li.style.maxHeight = `${rows * line}px`;
    say();
  }
}

// whether the decision panel or the column overflows (the options at their least height), or
// the hints are cut (`cut`: hintsCut, or firstHintCut: the first one alone)
function squeezed(cut = hintsCut) {
  if (PHONE.matches) return false;
  const over = (el) => el.scrollHeight > el.clientHeight + 1;
  return cut() || over($("decision-body")) || over($("decision-panel"))
    || over(document.querySelector("aside"));
}

// The digest opened: every line whole, in a box over the board that scrolls where it must and
// closes on its button or Escape. Opened in the column it pushed the options down, and a
// newcomer's next click hit empty space.
function showDigestAll() {
  const lines = [...$("digest-lines").querySelectorAll("li:not(.more)")];
  $("digest-all").replaceChildren(...lines.map((li) => {
    const whole = cell("li", li.dataset.whole || li.textContent);
    whole.className = li.className.replace("folded", "").replace("cut", "").trim();
    return whole;
  }));
  $("digest-over").hidden = false;
  $("digest-close").focus();
}
function hideDigestAll() {
  $("digest-over").hidden = true;
}
$("digest-close").addEventListener("click", hideDigestAll);
document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideDigestAll(); });

// the height of DIGEST_LINES lines of the digest
function digestLeast(list) {
  return DIGEST_LINES * parseFloat(getComputedStyle(list).lineHeight) + 2;
}

// whether the digest takes room the decision needs: more than its share of the window, or
// (beside the board) options scrolled in their box, or the panel or the column overflowing
function cramped() {
  if ($("digest").offsetHeight > innerHeight * DIGEST_SHARE) return true;
  if (PHONE.matches) return false; // one column: the page scrolls
  const over = (el) => el.scrollHeight > el.clientHeight + 1;
  return over($("options")) || hintsCut() || over($("decision-body"))
    || over($("decision-panel")) || over(document.querySelector("aside"));
}

// The hints give the digest their room down to their first hint whole, the others in view by
// scrolling their box (marked "more below"): on a newcomer's busy turns three hints stood whole
// while the digest said one line and "4 more", the news about their own pieces among them.
function firstHintCut() {
  const box = $("hints"), first = box.firstElementChild;
  return Boolean(first) && box.clientHeight + 1 < Math.min(box.scrollHeight, first.offsetHeight);
}

// the hints not whole in their box while the digest has more than DIGEST_LINES lines: the
// digest gives way to them down to those (seed 314's newcomer read what an option scores
// scrolled away in a box of two lines under a digest of twelve)
function hintsCut() {
  const box = $("hints"), list = $("digest-lines");
  return firstHintCut() || box.clientHeight + 1 < box.scrollHeight
    && !$("digest").hidden && list.offsetHeight > digestLeast(list);
}
addEventListener("resize", keepRoom);

function rulesLabel() {
  return state && state.decision ? "Rules of this decision" : "Rules of the game";
}

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

function renderHand(s) {
  const hand = $("hand");
  hand.replaceChildren();
  const parts = s.hand_parts || [];
  parts.forEach((line, i) => {
    const row = document.createElement("div");
    row.className = i === 0 && parts.length > 1 ? "title" : "line";
    for (const [text, colour] of line) {
      for (const word of i === 0 && parts.length > 1 ? [text] : text.split(/ {2,}/)) {
        if (!word.trim()) continue;
        const span = cell("span", word.trim());
        if (colour && !(i === 0 && parts.length > 1)) {
          span.className = "chip";
          span.style.background = colour;
          span.style.color = inkFor(colour);
        }
        row.append(span);
      }
    }
    hand.append(row);
  });
  if (!parts.length) hand.append(cell("div", "(nothing)"));
  // a title and one line: the line follows the title (a row more for the log beside the board)
  hand.classList.toggle("one-line", parts.length === 2);
}

function inkFor(colour) { // black or white, whichever reads better on the colour
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!m) return "#000";
  const n = parseInt(m[1], 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#000" : "#fff";
}

function renderFinal(f) {
  $("banner").textContent = f.banner;
  $("ending").textContent = `The game ends: ${f.ending}.`;
  const scores = $("final-scores");
  const tied = f.rows.some((r) => r.tiebreak !== null);
  const head = document.createElement("tr");
  head.append(cell("th", "Player"), cell("th", "Points"));
  if (tied) head.append(cell("th", `Tie-break (${f.tiebreak})`));
  scores.replaceChildren(head);
  for (const r of f.rows) {
    const row = document.createElement("tr");
    if (r.winner) row.classList.add("winner");
    row.append(cell("td", r.name + (r.you ? " (you)" : "")), cell("td", String(r.score)));
    if (tied) row.append(cell("td", r.tiebreak === null ? "" : String(r.tiebreak)));
    scores.append(row);
  }
  const table = $("final-table");
  table.replaceChildren();
  $("final-table-title").textContent = f.table ? f.table.title : "";
  // the points during play first, the total last: each column adds up to the score
  table.classList.toggle("summed", Boolean(f.table && f.table.summed));
  if (f.table) {
    const top = document.createElement("tr");
    top.append(cell("th", ""), ...f.table.columns.map((c) => cell("th", c)));
    table.append(top);
    for (const r of f.table.rows) {
      const row = document.createElement("tr");
      row.append(cell("th", r[0]), ...r.slice(1).map((c) => cell("td", c)));
      table.append(row);
    }
  }
  $("final").textContent = [...f.lines, "", f.scores].join("\n");
}

function renderBoard(s) {
  const board = $("board");
  board.innerHTML = s.board;
  termedBoard(board);
  const options = new Map((s.decision ? s.decision.options : []).map((o) => [o.place, o]));
  const recent = new Set(s.recent || []);
  const last = (s.recent || []).at(-1);
  const numbered = [];
  for (const el of board.querySelectorAll("[data-place]")) {
    const place = el.getAttribute("data-place");
    if (recent.has(place)) el.classList.add(place === last ? "last" : "recent");
    const option = options.get(place);
    if (option) {
      el.classList.add("legal");
      el.setAttribute("role", "button");
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${option.number}. ${option.label}${does(option) ? `: ${does(option)}` : ""}`;
      el.prepend(title);
      el.addEventListener("click", (e) => { e.stopPropagation(); decide({ option: option.index }, e); });
      numbered.push([el, option]);
    } else if (s.decision) {
      el.classList.add("target");
      el.addEventListener("click", (e) => {
        e.stopPropagation();
        const around = offeredAround(el, numbered);
        if (around === null) decide({ place }, e);
        else decide({ option: around.index }, e, `${placeName(around.label)}, `
          + "the place offered around the one you clicked.");
      });
    }
  }
  // every box measured before any number is drawn (one layout, not one per place)
  const boxOf = (el) => { try { return el.getBBox(); } catch (err) { return null; } };
  const boxes = numbered.map(([el]) => boxOf(el));
  // what a number must not cover: the texts, the pieces and the places drawn
  const kindOf = (el) => el.hasAttribute("data-piece") ? "piece" : el.hasAttribute("data-place")
    ? "place" : "text";
  const drawn = [...board.querySelectorAll("svg text, [data-piece], [data-place]")]
    .map((el) => [boxOf(el), kindOf(el)]).filter(([b]) => b && b.width && b.height)
    .map(([b, kind]) => ({ x: b.x, y: b.y, width: b.width, height: b.height, kind }));
  // the numbers over everything else (a place drawn later would hide one)
  const layer = document.createElementNS(SVG, "g");
  board.querySelector("svg")?.append(layer);
  // a number lies just outside its place: a click on it is a click on its option (it fell
  // through to what lay below, a larger place around it, and was refused)
  const places = placesDrawn(board, boxOf);
  // an option's number is the one the page shows (a display may keep its own for places
  // chosen one after another), its index the one the table takes
  const items = numbered.map(([el, option], i) => {
    const n = option.number;
    const place = el.getAttribute("data-place");
    const others = places.filter((p) => p.place !== place && boxes[i] && !nested(p.box, boxes[i]));
    const leaf = places.some((p) => p.place === place && p.leaf);
    return { place, n, index: option.index, box: boxes[i], others, leaf };
  });
  const spotOf = rowSpots(items, drawn);
  for (const item of items) {
    const { place, n, index } = item;
    const disc = badge(layer, n, item.box, drawn, item.others, item.leaf, spotOf.get(item) ?? null);
    disc?.setAttribute("data-for", place);
    disc?.addEventListener("click", (e) => { e.stopPropagation(); decide({ option: index }, e); });
  }
  hideNumbersUnder(board, boxes);
  showsNeighbours(board, s.neighbours || {});
  $("board-text").textContent = s.board_text || "";
  // A piece drawn on a place (a pawn on a square) lies above the place: a click on the
  // piece is a click on the place below it. (Assigned, not added: the board is drawn again.)
  board.onclick = (e) => {
    if (e.target.closest("[data-place]")) return;
    const below = document.elementsFromPoint(e.clientX, e.clientY)
      .map((el) => el.closest("[data-place]")).find(Boolean);
    if (below && board.contains(below)) {
      below.dispatchEvent(new MouseEvent("click", { clientX: e.clientX, clientY: e.clientY }));
    }
  };
}

// An option's label without its note in brackets: the banner saying what a click took is
// one line (a long note there pushed the decision and the digest down at 1366x768).
const placeName = (label) => label.replace(/\s*\(.*$/s, "");

// The option of the one offered place that holds `el` on the board (places nest: a space in
// a region around it), null when none or several do: a click on `el` takes it.
function offeredAround(el, offered) {
  const inner = el.getBoundingClientRect();
  const holds = (outer) => outer.left <= inner.left + 0.5 && outer.top <= inner.top + 0.5
    && outer.right >= inner.right - 0.5 && outer.bottom >= inner.bottom - 0.5;
  const around = offered.filter(([other]) => other !== el && holds(other.getBoundingClientRect()));
  return around.length === 1 ? around[0][1] : null;
}

// Pointing at a place of the board (or tapping it) outlines the places it touches, as the
// ruleset's board links them (where a one-way link leads), and its tip names them: what the
// terminal lists in 'help'.
function showsNeighbours(board, neighbours) {
  const mark = (place) => {
    for (const old of board.querySelectorAll(".neighbour")) old.classList.remove("neighbour");
    for (const other of (place && neighbours[place] ? neighbours[place].ids : [])) {
      for (const el of board.querySelectorAll(`[data-place="${CSS.escape(other)}"]`)) {
        el.classList.add("neighbour");
      }
    }
  };
  for (const el of board.querySelectorAll("[data-place]")) {
    const place = el.getAttribute("data-place");
    if (!neighbours[place]) continue;
    const tip = el.querySelector(":scope > title") || el.insertBefore(
      document.createElementNS(SVG, "title"), el.firstChild);
    tip.textContent = `${tip.textContent || place.replace(/_/g, " ")}\n(touches ${neighbours[place].said})`;
    el.addEventListener("pointerenter", () => mark(place));
    el.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "touch") return; // a finger's tap leaves them outlined
      const back = e.relatedTarget instanceof Element ? e.relatedTarget.closest("[data-place]") : null;
      mark(back && board.contains(back) ? back.getAttribute("data-place") : null); // (a place around it)
    });
  }
}

// The places of the board, each with its box and whether it holds no other place (a space,
// not a region of spaces)
function placesDrawn(board, boxOf) {
  const places = [...board.querySelectorAll("[data-place]")]
    .map((el) => ({ place: el.getAttribute("data-place"), box: boxOf(el) })).filter((p) => p.box);
  for (const p of places) {
    p.leaf = !places.some((q) => q.place !== p.place && holds(p.box, q.box));
  }
  return places;
}

// whether the box `outer` holds `inner` (a region around a space, or the space itself)
function holds(outer, inner) {
  return outer.x <= inner.x + 0.5 && outer.y <= inner.y + 0.5
    && outer.x + outer.width >= inner.x + inner.width - 0.5
    && outer.y + outer.height >= inner.y + inner.height - 0.5;
}
const nested = (a, b) => holds(a, b) || holds(b, a);

// The number of an option, on its place of the board: a disc just outside a corner of the
// place, touching it, so that it covers none of what the place holds (its pieces, its
// colours); of the four corners, the one where it covers least of the rest of the picture (a
// piece or another number most of all, then a text, then the edge of a place), the top left
// first, then the middles of its sides. A spot nearer another place than its own is not
// taken (a newcomer's first click went to a number read as the place beside it): nearer its
// box's edge, and for a space (`leaf`: a place that holds none) nearer its centre than
// another space's; where no spot outside is, a corner just inside the place.
const SVG = "http://www.w3.org/2000/svg";
const COVER_COST = { piece: 10, badge: 10, text: 3, place: 1 };

function badge(layer, n, box, drawn, others = [], leaf = false, spotKey = null) {
  const found = badgeSpots(box, others, leaf);
  if (!found) return null;
  const { r, spots } = found;
  let spot = spotKey !== null && spots.get(spotKey);
  if (!spot) {
    const keys = [...spots.keys()];
    const costs = keys.map((key) => badgeCost(spots.get(key), r, box, drawn));
    spot = spots.get(keys[costs.indexOf(Math.min(...costs))]);
  }
  const [x, y] = spot;
  drawn.push({ x: x - r, y: y - r, width: 2 * r, height: 2 * r, kind: "badge" });
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "badge");
  const disc = document.createElementNS(SVG, "circle");
  disc.setAttribute("cx", x);
  disc.setAttribute("cy", y);
  disc.setAttribute("r", r);
  const text = document.createElementNS(SVG, "text");
  text.setAttribute("x", x);
  text.setAttribute("y", y);
  text.setAttribute("font-size", String(n).length > 1 ? r * 1.1 : r * 1.4);
  text.textContent = n;
  g.append(disc, text);
  layer.append(g);
  return g;
}

// The spots a number of a place may take, by name ("corner 0" ... "inside 3"), each nearer
// its own place than any other; and the disc's radius. Null for a place with no box.
function badgeSpots(box, others, leaf) {
  if (!box || (!box.width && !box.height)) return null;
  const small = Math.min(box.width, box.height) < 40;
  const r = small ? 8 : Math.min(11, Math.min(box.width, box.height) / 3);
  const off = r * 0.72 + 1; // the disc's edge just touches the corner
  const [left, top, right, bottom] = [box.x, box.y, box.x + box.width, box.y + box.height];
  const [midX, midY] = [box.x + box.width / 2, box.y + box.height / 2];
  const outside = { corner: [[left - off, top - off], [right + off, top - off],
    [left - off, bottom + off], [right + off, bottom + off]],
  side: [[left - r - 1, midY], [right + r + 1, midY], [midX, top - r - 1], [midX, bottom + r + 1]] };
  const inside = { inside: [[left + r, top + r], [right - r, top + r], [left + r, bottom - r],
    [right - r, bottom - r]] };
  const away = (x, y, b) => Math.hypot(x - b.x - b.width / 2, y - b.y - b.height / 2);
  const edge = (x, y, b) => Math.hypot(Math.max(b.x - x, 0, x - b.x - b.width),
    Math.max(b.y - y, 0, y - b.y - b.height));
  const nearestOwn = ([x, y]) => others.every((o) => edge(x, y, box) < edge(x, y, o.box) - 0.5
    && (!leaf || !o.leaf || away(x, y, box) < away(x, y, o.box) - 0.5));
  const within = ([x, y]) => [Math.max(r, x), Math.max(r, y)];
  for (const tier of [outside, inside]) {
    const spots = new Map(Object.entries(tier).flatMap(([kind, list]) => list
      .map((spot, i) => [`${kind} ${i}`, within(spot)]).filter(([, spot]) => nearestOwn(spot))));
    if (spots.size) return { r, spots };
  }
  return { r, spots: new Map([["corner 0", within(outside.corner[0])]]) };
}

// what a number at `spot` covers of the rest of the picture, weighed by kind
function badgeCost([x, y], r, box, drawn) {
  return drawn.reduce((sum, b) => holds(b, box) ? sum : sum + COVER_COST[b.kind]
    * Math.max(0, Math.min(b.x + b.width, x + r) - Math.max(b.x, x - r))
    * Math.max(0, Math.min(b.y + b.height, y + r) - Math.max(b.y, y - r)), 0);
}

// The one spot for the numbers of a row of like places (the same size, side by side): each
// number where the others are, on the side all of them may take at least cost. A newcomer
// read a "5" beside the stack next to its own, the numbers of one row above some places and
// below others.
function rowSpots(items, drawn) {
  const rows = new Map();
  for (const item of items) {
    if (!item.box) continue;
    const key = [item.box.y, item.box.width, item.box.height].map(Math.round).join(" ");
    rows.set(key, [...(rows.get(key) || []), item]);
  }
  const chosen = new Map();
  for (const row of rows.values()) {
    if (row.length < 2) continue;
    const found = row.map((item) => badgeSpots(item.box, item.others, item.leaf));
    const shared = [...found[0].spots.keys()].filter((key) => found.every((f) => f.spots.has(key)));
    if (!shared.length) continue;
    const total = (key) => found.reduce((sum, f, i) => sum
      + badgeCost(f.spots.get(key), f.r, row[i].box, drawn), 0);
    const costs = shared.map(total);
    const best = shared[costs.indexOf(Math.min(...costs))];
    for (const item of row) chosen.set(item, best);
  }
  return chosen;
}

// A number the board draws just under a place (its own numbering: a space's number) gives way
// while an option's number is on the place: two numbers on one place read as two numberings.
function hideNumbersUnder(board, boxes) {
  const shown = boxes.filter(Boolean);
  if (!shown.length) return;
  for (const text of board.querySelectorAll("svg text")) {
    if (!/^\d+$/.test(text.textContent.trim()) || text.closest("[data-place], .badge")) continue;
    const x = Number(text.getAttribute("x")), y = Number(text.getAttribute("y"));
    if (shown.some((b) => x >= b.x && x <= b.x + b.width && y >= b.y + b.height
      && y <= b.y + b.height + 20)) text.classList.add("under-option");
  }
}

// Above the question, the way here: what the player's last click took (a place around the
// one clicked) and the questions the game answered for them (their only option).
let clickTook = null;
function showTaken(s) {
  // (where the digest says one already, as its first line, it is not said twice)
  const taken = (s.decision ? s.decision.taken || [] : [])
    .filter((t) => !(s.digest || []).some((line) => line.includes(t)));
  // (first of all, above the digest: it says why all of it changed)
  $("restarted").textContent = restartNote || "";
  $("restarted").hidden = !restartNote;
  const lines = [];
  if (s.decision && clickTook && clickTook.version === s.version) {
    lines.push(`Your click took ${clickTook.text}`);
  }
  if (taken.length) lines.push(`The game took the only option for you: ${taken.join("; ")}.`);
  $("taken").hidden = !lines.length;
  $("taken").textContent = lines.join(" ");
}

function renderDecision(s) {
  const panel = $("decision-panel");
  panel.classList.toggle("yours", Boolean(s.decision));
  const hints = $("hints");
  hints.replaceChildren();
  const options = $("options"), apart = $("options-apart");
  options.replaceChildren();
  apart.replaceChildren();
  showTaken(s);
  if (s.decision) {
    $("prompt").textContent = s.decision.prompt;
    for (const hint of s.decision.hints) {
      const li = document.createElement("li");
      li.append(...termed(hint));
      hints.append(li);
    }
    const onBoard = new Set([...$("board").querySelectorAll("[data-place]")]
      .map((el) => el.getAttribute("data-place")));
    const groups = groupsOf(s.decision.options);
    const [shorter, once] = groups ? sharedNotes(s.decision.options, s.decision.hints) : [new Map(), []];
    shortNotes = shorter;
    $("notes-once").replaceChildren(...once.map((line) => cell("p", line)));
    $("notes-once").hidden = !once.length;
    options.classList.toggle("grouped", Boolean(groups));
    options.classList.toggle("many", !groups && s.decision.options.length >= MANY);
    // few options, some of which do something: each said beside its button, as the
    // terminal says it after its label
    const described = !groups && s.decision.options.length < MANY
      && s.decision.options.some(does);
    options.classList.toggle("described", described);
    apart.classList.toggle("described", described);
    const laidApart = apartFromPlaces(s.decision.options, onBoard);
    const boxes = new Map(); // a group's name -> the row that holds its buttons
    for (const option of s.decision.options) {
      if (laidApart.has(option)) {
        apart.append(described ? describedRow(optionButton(option, null, false), option)
          : optionButton(option, null, false));
        continue;
      }
      const button = optionButton(option, groups, onBoard.has(option.place));
      if (groups && !boxes.has(head(option))) {
        const row = document.createElement("div");
        row.className = "group";
        row.append(cell("span", head(option)));
        row.firstChild.className = "group-name";
        options.append(row);
        boxes.set(head(option), row);
      }
      if (described) {
        options.append(describedRow(button, option));
      } else {
        (groups ? boxes.get(head(option)) : options).append(button);
      }
    }
  } else {
    $("prompt").textContent = s.over ? "No more decisions." : `${s.waiting_for} decides.`;
    $("notes-once").hidden = true;
  }
  apart.hidden = !apart.childElementCount;
  renderEffects(s);
  renderDigest(s);
  renderMeanings(s);
  const undo = $("undo");
  undo.disabled = s.undo.count < 1;
  undo.title = s.undo.reason || "";
  // beside the buttons: how many decisions Undo takes back, or why it cannot (a grey
  // button alone said nothing); on your turn only (waiting, nothing is yours to take back)
  $("undo-reason").textContent = s.undo.count > 0
    ? `${s.undo.count} decision${s.undo.count === 1 ? "" : "s"} can be taken back.`
    : s.decision ? s.undo.said : "";
  $("undo-reason").classList.toggle("why", s.undo.count < 1);
}

// Where some options are places of the board and others are not (a "done" beside the places
// to choose among), the others: they are laid under the options' window, in view however many
// places it scrolls through.
function apartFromPlaces(options, onBoard) {
  const places = options.filter((o) => onBoard.has(o.place));
  if (!places.length || places.length === options.length) return new Set();
  return new Set(options.filter((o) => !onBoard.has(o.place)));
}

// A text with the game's words of the glossary (s.glossary: term -> meaning) marked, each
// with its meaning on pointing at it: a newcomer met such a word in options and hints, never
// explained beside them, and spent many cards out of fear of what it named.
function termed(text) {
  const terms = Object.keys((state && state.glossary) || {});
  if (!terms.length || !text) return [text || ""];
  const out = [];
  let at = 0;
  for (const m of text.matchAll(glossaryWords(terms))) {
    const term = terms.find((t) => t.toLowerCase() === m[1].toLowerCase());
    const mark = cell("abbr", m[0]);
    mark.className = "term";
    mark.title = `${term[0].toUpperCase()}${term.slice(1)}: ${state.glossary[term]}`;
    out.push(text.slice(at, m.index), mark);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((part) => part !== "");
}

// the glossary's words (and their plurals) found in a text, as whole words
function glossaryWords(terms) {
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`\\b(${escaped.join("|")})s?\\b`, "gi");
}

// the glossary's terms a text names
function termsIn(text, terms) {
  if (!terms.length || !text) return [];
  return [...text.matchAll(glossaryWords(terms))]
    .map((m) => terms.find((t) => t.toLowerCase() === m[1].toLowerCase()));
}

// A word of the glossary met on a decision (an option, what it does, the digest) is said
// with its meaning in words under the options, once a game: at the first decision that
// names it, and at that decision drawn again (issue 33: a newcomer met a word of the game
// in a pass's note, its meaning said only on pointing at it). A word the hints name is said
// there already (display: meanings): it counts as met.
function renderMeanings(s) {
  const box = $("meanings"), d = s.decision;
  const glossary = s.glossary || {}, terms = Object.keys(glossary);
  box.replaceChildren();
  if (d && terms.length) {
    const key = `met-terms:${token}`;
    const met = JSON.parse(localStorage.getItem(key) || "{}");
    const named = (texts) => new Set(texts.flatMap((text) => termsIn(text, terms)));
    for (const term of named(d.hints)) met[term] ??= -1; // (said there, never here)
    const texts = [...d.options.flatMap((o) => [o.label, o.effect]), d.every, ...(s.digest || [])];
    for (const term of named(texts)) {
      met[term] ??= d.id;
      if (met[term] !== d.id) continue;
      const line = cell("p", `: ${glossary[term]}.`);
      line.prepend(cell("b", `${term[0].toUpperCase()}${term.slice(1)}`));
      box.append(line);
    }
    localStorage.setItem(key, JSON.stringify(met));
  }
  box.hidden = !box.childElementCount;
}

// The board's texts that name a word of the glossary say its meaning on pointing (SVG has
// no abbr: a group around the text, with the meaning as its title; the text's own words
// stay as they are)
function termedBoard(board) {
  const terms = Object.entries(state.glossary || {});
  for (const text of board.querySelectorAll("svg text")) {
    const said = text.textContent.toLowerCase();
    const named = terms.filter(([term]) => said.includes(term.toLowerCase()));
    if (!named.length) continue;
    const group = document.createElementNS(SVG, "g"), title = document.createElementNS(SVG, "title");
    title.textContent = named.map(([t, m]) => `${t[0].toUpperCase()}${t.slice(1)}: ${m}`)
      .join("\n");
    group.classList.add("term");
    text.replaceWith(group);
    group.append(title, text);
  }
}

// an option's button with what it does said under it
function describedRow(button, option) {
  const row = document.createElement("div");
  row.className = "option";
  row.append(button);
  if (!option.effect) return row;
  const effect = cell("span", "");
  effect.className = "effect";
  effect.append(...termed(option.effect));
  row.append(effect);
  return row;
}

// said of the options that change nothing by themselves (what they lead to is chosen next)
const NOTHING = "no points change and nothing moves yet";

// all that an option does: its points (said on its button, with their range) and the rest
// (said beside the buttons); '' for nothing
function does(option) { return [option.points, option.effect].filter(Boolean).join("; "); }

function head(option) { return splitLabel(option.label)[0]; }

// An option's button: its number where the board has its place, its label (the rest of it
// when options are grouped by the label's first part), the points it brings in short
function optionButton(option, groups, numbered) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.index = option.index;
  button.dataset.place = option.place;
  if (numbered) { // numbered as on the board
    button.classList.add("place");
    button.append(cell("span", String(option.number)), " ");
    button.firstChild.className = "num";
    button.title = "or click it on the board, where it has this number";
  }
  if (groups) button.append(...noted(splitLabel(option.label)[1], shortNotes.get(option.index)));
  else button.append(...termed(option.label));
  if (groups) button.setAttribute("aria-label", `${option.number}. ${option.label}`);
  if (option.points) { // points change: said on the button only, with their range
    const points = cell("small", option.points);
    points.className = "points";
    // apart from the note before them (seed 312's newcomer read "...15 VP if scored now by
    // the end: you +43 to +45", two previews run together)
    button.querySelector(".note")?.append(";");
    button.append(" ", points);
  }
  if (option.effect) { // said beside the options, and to a screen reader with the button
    button.setAttribute("aria-describedby", `effect-${option.index}`);
  }
  if (does(option)) button.title = `${option.label}: ${does(option)}`;
  else if (shortNotes.has(option.index)) button.title = option.label; // its note whole
  button.disabled = busy || settling;
  button.addEventListener("click", (e) => decide({ option: option.index }, e));
  for (const on of ["mouseenter", "focus"]) button.addEventListener(on, () => showEffect(option));
  for (const off of ["mouseleave", "blur"]) button.addEventListener(off, () => showEffect(null));
  return button;
}

// Many options fit the panel without scrolling (Undo, Save and the log stay in view): options
// whose labels share their first part ("North, red", "North, blue") are shown in rows, one a
// first part, each button with the rest of its label; others as compact buttons in columns.
const MANY = 12;

// 'A, x (a note)' -> ['A', 'x (a note)']: a comma inside the note in brackets does not
// split (a note 'fills A, where ...' made a group of its own, as the terminal's screen.py)
function splitLabel(label) {
  const note = label.indexOf(" (");
  const name = note > 0 ? label.slice(0, note) : label;
  const cut = name.lastIndexOf(", ");
  return cut > 0 ? [label.slice(0, cut), label.slice(cut + 2)] : [null, label];
}

// 'x (a note)' in a row of many buttons -> 'x' and the note in small, without its brackets:
// a note on each of 28 buttons ('violet (+2)') wrapped every row in two at 1366x768
function noted(rest, shorter) {
  const found = /^(.*?) \((.*)\)$/.exec(rest);
  if (!found) return [rest];
  const note = cell("small", shorter ?? found[2]);
  note.className = "note";
  return shorter === "" ? [found[1]] : [found[1], " ", note];
}

// Many options' notes, what several of them say alike said once (issue 33, seed 312: 23
// places, nearly each note ending in the same words, scrolled in their box at 1366x768): the
// end of a note that a hint above them says already is left out (the hint "+N: points if
// counted now" above, "you +3: yours from 6 to 9" on a button), and a long last clause
// without a figure that several notes end with ("...: a later event would remove them") is
// said once above them, marked where it belongs ("¹"). -> [option index -> its shorter
// note, the lines said once]; each button's whole label is its title and what a screen
// reader says.
const MARKS = ["\u00b9", "\u00b2", "\u00b3"], SAID_WORDS = 3, CLAUSE_LEAST = 30;
let shortNotes = new Map();

function sharedNotes(options, hints) {
  const parts = new Map(); // option index -> its note's parts ("a; b")
  for (const o of options) {
    const found = /^(.*?) \((.*)\)$/.exec(splitLabel(o.label)[1]);
    if (found) parts.set(o.index, found[2].split("; "));
  }
  const said = hints.join(" ").toLowerCase();
  const often = (test) => [...parts.values()].filter((ps) => ps.some(test)).length;
  // (an end that a third of the options' notes at least share, as words of their own in a
  // hint: not three words that a hint happens to hold, which a note or two end with in
  // another sense)
  const most = Math.max(2, Math.ceil(options.length / 3));
  const inHint = (tail) => new RegExp(`(^|\\W)${tail.toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\W|$)`).test(said);
  // the ends the hints say, of SAID_WORDS words or more, each the longest such
  const tails = new Map();
  const tailOf = (part) => {
    if (!tails.has(part)) {
      const words = part.split(" ");
      let found = null;
      for (let k = 1; k <= words.length - SAID_WORDS; k++) {
        const tail = words.slice(k).join(" ");
        if (inHint(tail) && often((p) => p.endsWith(` ${tail}`)) >= most) {
          found = tail;
          break;
        }
      }
      tails.set(part, found);
    }
    return tails.get(part);
  };
  const cut = new Map([...parts].map(([i, ps]) => [i, ps.map((p) => {
    const tail = tailOf(p);
    return tail ? p.slice(0, -tail.length - 1) : p;
  })]));
  const clauseOf = (part) => {
    const at = part.lastIndexOf(": ");
    const clause = at > 0 ? part.slice(at + 2) : "";
    return clause.length >= CLAUSE_LEAST && !/\d/.test(clause) ? clause : null;
  };
  const clauses = [];
  for (const ps of cut.values()) {
    for (const p of ps) {
      const clause = clauseOf(p);
      if (clause && !clauses.includes(clause) && clauses.length < MARKS.length
          && [...cut.values()].filter((qs) => qs.some((q) => clauseOf(q) === clause)).length > 1) {
        clauses.push(clause);
      }
    }
  }
  const notes = new Map();
  for (const [i, ps] of cut) {
    notes.set(i, ps.map((p) => {
      const k = clauses.indexOf(clauseOf(p));
      return k < 0 ? p : `${p.slice(0, p.lastIndexOf(": "))}${MARKS[k]}`;
    }).filter(Boolean).join("; "));
  }
  return [notes, clauses.map((c, k) => `${MARKS[k]} ${c}.`)];
}

function groupsOf(options) {
  if (options.length < MANY) return null;
  const heads = options.map((o) => splitLabel(o.label)[0]);
  if (heads.some((h) => h === null)) return null;
  const distinct = new Set(heads);
  return distinct.size * 2 <= options.length ? distinct : null;
}

// What happened to you and to the board since your last decision (digest.py), in short:
// the choices taken for you as the only option, points, pieces that moved; never a heading
// with nothing under it (a line of blanks says nothing)
// The news come in the order they happened: the lines that say results (digest_results:
// who won, what was scored) marked, and those about the player's places (YOURS) beside a
// mark, not moved first (seed 318's newcomer reordered them in their head).
const YOURS = "Concerning you: ";
function renderDigest(s) {
  const results = new Set(s.digest_results || []);
  const said = (s.digest || []).map((line, k) => [line, results.has(k)])
    .filter(([line]) => line.trim() !== "");
  fitDigest.kept = (s.digest || []).slice(0, s.digest_kept || 0)
    .filter((line) => line.trim() !== "").length;
  $("digest").hidden = said.length === 0;
  $("digest-lines").replaceChildren(...said.map(([line, result]) => {
    const li = cell("li", line);
    li.classList.toggle("result", result);
    li.classList.toggle("yours", line.startsWith(YOURS));
    return li;
  }));
  hideDigestAll(); // a new position: its digest folded again
}

// What the options do at once, said once beside them (not on every button): what every
// option does alike; what each does beyond it, listed when few say something, else for the
// option pointed at or focused; the places the board offers, and how they are marked.
const FEW_EFFECTS = 6;

function renderEffects(s) {
  const d = s.decision;
  const box = $("effects");
  box.replaceChildren();
  box.hidden = !d;
  // the marks of the board explained, in the header's room: the places offered, the last
  // move, the outlines of the places touching the one pointed at (where the board links any)
  const offered = Boolean(d && $("board").querySelector("[data-place].legal"));
  const linked = Object.keys(s.neighbours || {}).length > 0;
  $("legend-offered").hidden = !offered;
  $("legend-touch").hidden = !linked;
  $("legend").hidden = !(offered || linked);
  const every = $("every");
  every.textContent = d && d.every ? `Whichever you choose: ${d.every}.` : "";
  every.hidden = !every.textContent;
  every.classList.remove("whole");
  if (!d) return;
  const own = d.options.filter((o) => o.effect);
  const idle = d.options.filter((o) => !does(o)); // neither points nor anything else
  const words = document.createElement("div");
  words.id = "effect-words";
  for (const o of d.options) { // what a screen reader says with each button
    const said = cell("span", o.effect);
    said.id = `effect-${o.index}`;
    said.hidden = true;
    words.append(said);
  }
  box.append(words);
  if (d.ending) box.append(cell("p", d.ending)); // what "by the end" and "final scores" are
  if ($("options").classList.contains("described")) { // each said under its button
    if (idle.length) box.append(cell("p", `The others: ${NOTHING}.`));
  } else if (own.length && own.length <= FEW_EFFECTS) {
    const list = document.createElement("ul");
    for (const o of own) {
      const li = document.createElement("li");
      li.append(cell("b", `${shortName(o)}: `), ...termed(o.effect));
      list.append(li);
    }
    if (idle.length) { // said too: nothing was not forgotten
      const li = cell("li", idle.length <= 3 ? "" : "the others: ");
      if (idle.length <= 3) li.append(cell("b", `${idle.map(shortName).join(", ")}: `));
      li.append(`${NOTHING}.`);
      list.append(li);
    }
    box.append(list);
  } else if (own.length) {
    const pointed = cell("p", "Point at an option, or move to it with Tab, to see what it does.");
    pointed.id = "effect-pointed";
    box.append(pointed);
  }
  if (d.estimate) box.append(cell("p", `(${d.estimate})`));
  box.hidden = box.childElementCount < 2; // nothing but what a screen reader says
}

// an option by its name where it has one ("A" for "A: take three cards"), else its label
function shortName(o) {
  return o.label.startsWith(`${o.place}: `) ? o.place : o.label;
}

function showEffect(option) {
  const pointed = $("effect-pointed");
  if (!pointed) return;
  pointed.textContent = option && option.effect ? `${shortName(option)}: ${option.effect}`
    : "Point at an option, or move to it with Tab, to see what it does.";
  pointed.classList.toggle("said", Boolean(option && option.effect));
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
  const panel = $("players-panel"), line = $("players-line");
  panel.classList.toggle("on-board", !s.over && s.players.every((p) => $("board")
    .querySelector(`[data-place="${CSS.escape(p.player)}"]`)));
  line.replaceChildren(...seatsSaid(s));
  line.title = `${line.textContent} (each player's score: on the board)`;
}

// Where the board draws a row for every player (a place of theirs: their score, their
// pieces), the Players panel repeated it in rows the log needed (issue 33: the log showed one
// or two entries on a busy turn at 1366x768): its one line says only what the board does not,
// who is you and who plays each seat ("you: Player 1 · greedy bots: Player 2, Player 3").
function seatsSaid(s) {
  const bySeat = new Map();
  for (const p of s.players) {
    if (p.player === s.you.player) continue;
    const seat = p.seat === "human" ? "person" : `${p.seat} bot`;
    bySeat.set(seat, [...(bySeat.get(seat) || []), p.name]);
  }
  const parts = [];
  const you = s.players.find((p) => p.player === s.you.player);
  if (you) {
    parts.push(cell("span", `you: ${you.name}`));
    parts[0].className = "you";
  }
  for (const [seat, names] of bySeat) {
    const plural = names.length === 1 ? seat : seat === "person" ? "people" : `${seat}s`;
    parts.push(cell("span", `${plural}: ${namesInRange(names)}`));
  }
  return parts.flatMap((part, i) => (i ? [" \u00b7 ", part] : [part]));
}

// Names that differ only by a number running on ("Player 2, Player 3, Player 4") said as
// one range ("Player 2-4"): the line was cut after "Player 3, Play…" all game at 1366x768.
function namesInRange(names) {
  const numbered = names.map((name) => /^(.*?)(\d+)$/.exec(name));
  const runs = numbered.every((m, i) => m && m[1] === numbered[0][1]
    && (i === 0 || Number(m[2]) === Number(numbered[i - 1][2]) + 1));
  if (names.length < 3 || !runs) return names.join(", ");
  return `${names[0]}-${numbered.at(-1)[2]}`;
}

// A player's steps in a row that changed nothing for the others (s.log_folded) are left
// out, as the digest leaves them, unless "every step" is ticked; the lines keep their numbers.
function renderLog(s) {
  const log = $("log"), folded = new Set(s.log_folded || []), every = $("log-all").checked;
  $("log-every").hidden = folded.size === 0;
  $("log-folded-count").textContent = `(${folded.size} folded)`;
  log.replaceChildren(...s.log.flatMap((line, i) => {
    if (!every && folded.has(i)) return [];
    const li = document.createElement("li");
    li.value = i + 1;
    li.textContent = line;
    return [li];
  }));
  log.scrollTop = log.scrollHeight;
  // once the other panels have their new size, the newest line is in view again
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
}

$("log-all").addEventListener("change", () => { if (state) renderLog(state); });

// The log keeps its newest line in view when its box changes size (a panel above it grows,
// the header says the server is gone), unless the player scrolled up to older lines.
let logAtEnd = true;
$("log").addEventListener("scroll", () => {
  const log = $("log");
  logAtEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
});
new ResizeObserver(() => { if (logAtEnd) $("log").scrollTop = $("log").scrollHeight; })
  .observe($("log"));

$("undo").addEventListener("click", () => {
  if (state) post("undo", { decision: state.version });
});
$("save").addEventListener("click", () => post("save", {}));

function follow() {
  const events = new EventSource(api("events"));
  events.onmessage = (event) => {
    connected(true);
    const { version } = JSON.parse(event.data);
    if (!state || version !== state.version) load();
  };
  events.onerror = () => { if (events.readyState !== EventSource.OPEN) connected(false); };
  events.onopen = () => load();
}

load().then(follow);

// The Rules panel: the game's rulebook (HTML the server writes, every text escaped), opened
// at the rule that asks the current decision.
let rules = null;

async function showRules() {
  const drawer = $("rules-drawer"), box = $("rules"), button = $("rules-open");
  if (!drawer.hidden) {
    hideRules();
    return;
  }
  if (!rules) {
    const response = await fetch(api("rules"), { cache: "no-store" }).catch(() => null);
    if (!response || !response.ok) {
      showMessage(response ? "The rules could not be loaded."
        : "The rules could not be loaded: the server cannot be reached.", true);
      return;
    }
    rules = await response.json();
    document.body.classList.add("rules-loaded"); // (shown again with no server)
    box.innerHTML = rules.html;
    ownIds(box);
    markRepeatedHeadings(box);
  }
  drawer.hidden = false;
  placeRules();
  keepRoom(); // (beside the board: the decision in the room the drawer leaves)
  button.setAttribute("aria-expanded", "true");
  button.textContent = "Hide the rules";
  for (const old of box.querySelectorAll("section.current")) old.classList.remove("current");
  const prompt = state && state.decision ? state.decision.prompt : null;
  const anchor = prompt && rules.anchors[prompt];
  const target = anchor ? document.getElementById(RULE_ID + anchor) : null;
  if (target) {
    target.classList.add("current");
    box.scrollTop = target.offsetTop - box.offsetTop;
  }
}

// The book's ids (a game's names for its parts) made its own: a part named "board" took the
// page's rule for the board (a narrow flex box, its lines one word wide, a stray word of them
// showing over the rule of the decision)
const RULE_ID = "rule-";
function ownIds(box) {
  for (const el of box.querySelectorAll("[id]")) el.id = RULE_ID + el.id;
  for (const a of box.querySelectorAll("a[href^='#']")) {
    a.setAttribute("href", `#${RULE_ID}${a.getAttribute("href").slice(1)}`);
  }
}

// a part's first rule headed as the part is (a newcomer read "Playing the game" twice): its
// heading shown only with the sources, where their numbers tell them apart
function markRepeatedHeadings(box) {
  const words = (h) => [...h.childNodes].filter((n) => !(n.classList && n.classList.contains("num")))
    .map((n) => n.textContent).join("").trim();
  for (const part of box.querySelectorAll("section > h2")) {
    const first = part.parentElement.querySelector(":scope > section > h3");
    if (first && words(first) === words(part)) first.classList.add("repeats");
  }
}

// The open Rules lie over the side column under the decision (over the hand, the players and
// the log), not over the board: a newcomer could not see the board while reading them. Where
// the decision is tall, they start half way down the window. On a narrow window (one column)
// the style sheet's place is kept.
// A short wide window (1366x768): the board is as wide as its column and leaves room under
// it; the hand and the players' line go there, and the side column's room to what the
// decision says (seed 314's newcomer read the digest and the hints in boxes of two lines).
const UNDER_BOARD = matchMedia("(max-height: 820px) and (min-width: 901px)");
function placeUnderBoard() {
  const under = $("under-board"), side = document.querySelector("aside");
  const parts = [$("hand-panel"), $("players-panel")];
  if (UNDER_BOARD.matches) {
    if (parts[0].parentElement !== under) under.append(...parts);
  } else if (parts[0].parentElement !== side) {
    $("log-panel").before(...parts);
  }
  const height = under.childElementCount ? under.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--under-board", `${Math.ceil(height)}px`);
}
UNDER_BOARD.addEventListener("change", () => { placeUnderBoard(); keepRoom(); });
new ResizeObserver(() => placeUnderBoard()).observe($("under-board"));

const RULES_LEAST = 0.4; // the drawer under the decision: this share of the window at least
// a phone's one column: the board a tap away from the decision, and back
$("to-board").addEventListener("click", () => $("board-panel").scrollIntoView({ block: "start" }));
$("to-decision").addEventListener("click",
  () => $("decision-panel").scrollIntoView({ block: "start" }));

// The drawer's place is chosen as it opens, and kept until it closes (seed 318's newcomer
// opened it while waiting, in the log's place: their decision came and it jumped over the
// board). Beside the board it takes the side column's last RULES_LEAST of the window at
// most, which the column keeps for it (body.rules-beside: the log, the hand and the players
// under it give their room up), so that a taller decision that comes while it is open fits
// above it, Undo and Save in view.
function placeRules() {
  const drawer = $("rules-drawer"), side = document.querySelector("aside");
  drawer.style.top = drawer.style.left = drawer.style.width = "";
  document.body.classList.remove("rules-beside");
  if (side) side.style.paddingBottom = "";
  if (drawer.hidden || window.innerWidth <= 900 || !side) return;
  const column = side.getBoundingClientRect();
  const under = $("decision-panel").hidden ? column.top : $("decision-panel").getBoundingClientRect().bottom;
  // too little room under the decision: over the board side (page.css), never over the
  // decision (raised to half the window, it covered Undo, Save and options C and D: seed
  // 316's newcomer at 1366x768)
  if (window.innerHeight - under < window.innerHeight * RULES_LEAST) return;
  const top = Math.round(Math.max(under, window.innerHeight * (1 - RULES_LEAST)) + 4);
  drawer.style.top = `${top}px`;
  drawer.style.left = `${Math.round(column.left)}px`;
  drawer.style.width = `${Math.round(column.width)}px`;
  document.body.classList.add("rules-beside");
  side.style.paddingBottom = `${Math.max(0, Math.round(column.bottom - top + 4))}px`;
}
addEventListener("resize", () => { placeRules(); keepRoom(); });

function hideRules() {
  $("rules-drawer").hidden = true;
  placeRules();
  keepRoom(); // the column's room back
  const button = $("rules-open");
  button.setAttribute("aria-expanded", "false");
  button.textContent = rulesLabel();
}
$("rules-open").addEventListener("click", showRules);
$("rules-close").addEventListener("click", () => { hideRules(); $("rules-open").focus(); });
$("rules-cites").addEventListener("change", (e) => $("rules").classList.toggle("cites", e.target.checked));
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !$("rules-drawer").hidden) hideRules(); });
