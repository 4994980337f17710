// The board on a narrow screen (a phone): drawn large enough to read, in a box of its own that
// scrolls (by finger or wheel), with buttons to zoom out, fit and zoom in; at each new decision
// of yours, the places you may choose are scrolled into view. On a wide screen the board fits
// its panel as before. page.js calls boardZoom.drawn(state) after drawing the board.
// A phone opens on the picture, drawn readable (at 390 px the whole board has 3-4 px labels),
// the places offered scrolled into view: the board as text, in its short codes (R1, <Be>,
// wh), read as code to a newcomer; it is the first button's click away, and back. "Whole
// board" fits the picture to the width. On a phone the decision comes before the board
// (page.css): its options are on the first screen.
"use strict";

window.boardZoom = (() => {
  const board = document.getElementById("board");
  const panel = board; // the box that scrolls (it stays while the board in it is drawn anew)
  const narrow = matchMedia("(max-width: 900px)");
  const READABLE = 11; // px: the font size of a typical label, drawn
  const STEP = 1.25, MOST = 6;
  // the zoom chosen last in this browser; 0 (at first): readable
  const kept = localStorage.getItem("zoom");
  let chosen = Number(kept) || 0;
  let factor = 1;
  let shownFor = null; // the decision whose places were scrolled into view
  let scroll = { left: 0, top: 0 };

  // the typical label's font size when the board is `width` pixels wide
  function labelSize(svg, width) {
    const box = svg.viewBox && svg.viewBox.baseVal;
    const sizes = [...svg.querySelectorAll("text")]
      .map((t) => parseFloat(getComputedStyle(t).fontSize)).filter((x) => x > 0)
      .sort((a, b) => a - b);
    if (!box || !box.width || !sizes.length) return null;
    return sizes[sizes.length >> 1] * width / box.width;
  }

  function fitWidth() { return panel.clientWidth - 2; }

  function apply() {
    const svg = board.querySelector("svg");
    if (!svg) return;
    if (!narrow.matches) {
      svg.style.width = "";
      return;
    }
    const size = labelSize(svg, fitWidth());
    factor = chosen || (size ? Math.min(MOST, Math.max(1, READABLE / size)) : 1);
    svg.style.width = `${Math.round(fitWidth() * factor)}px`;
    document.getElementById("zoom-level").textContent = `${Math.round(factor * 100)}%`;
  }

  // the places the decision offers, in view of the board's box (if they are not already)
  function showPlaces(s) {
    const places = [...board.querySelectorAll(".legal")].map((el) => el.getBoundingClientRect());
    if (!places.length) return;
    // the part of the box inside the window: a long digest above may push its foot below
    const box = panel.getBoundingClientRect();
    const area = { left: Math.max(box.left, 0), right: Math.min(box.right, innerWidth),
      top: Math.max(box.top, 0), bottom: Math.min(box.bottom, innerHeight) };
    area.width = area.right - area.left;
    area.height = area.bottom - area.top;
    if (area.width <= 0 || area.height <= 0) return;
    const left = Math.min(...places.map((r) => r.left)), right = Math.max(...places.map((r) => r.right));
    const top = Math.min(...places.map((r) => r.top)), bottom = Math.max(...places.map((r) => r.bottom));
    const first = places[0];
    const inView = (r) => r.left >= area.left && r.right <= area.right && r.top >= area.top
      && r.bottom <= area.bottom;
    if (places.every(inView)) return;
    // all of them if they fit in the box, else the first one
    const fits = right - left <= area.width && bottom - top <= area.height;
    const [x, y] = fits ? [(left + right) / 2, (top + bottom) / 2]
      : [(first.left + first.right) / 2, (first.top + first.bottom) / 2];
    panel.scrollLeft += x - (area.left + area.width / 2);
    panel.scrollTop += y - (area.top + area.height / 2);
    // a box scrolled to its end that still shows them below the window: the page scrolls
    // just enough to bring them up, never the question out of the window (seed 314's
    // newcomer read a first view that began under it, in the middle of the hints)
    const shown = [...board.querySelectorAll(".legal")].map((el) => el.getBoundingClientRect());
    const foot = fits ? Math.max(...shown.map((r) => r.bottom)) : shown[0].bottom;
    const question = document.getElementById("prompt").getBoundingClientRect().top - 4;
    const most = Math.max(0, Math.min(foot - innerHeight + 8, question));
    if (foot > innerHeight && most > 0) window.scrollBy(0, most);
  }

  function drawn(s) {
    apply();
    if (!narrow.matches) return;
    panel.scrollLeft = scroll.left; // where the person had scrolled to, before the redraw
    panel.scrollTop = scroll.top;
    const decision = s.decision ? s.decision.id : null;
    if (decision !== null && decision !== shownFor) showPlaces(s);
    shownFor = decision;
  }

  function zoomTo(value) {
    const before = factor;
    chosen = value;
    localStorage.setItem("zoom", String(value));
    // keep the middle of what is seen in the middle
    const cx = panel.scrollLeft + panel.clientWidth / 2, cy = panel.scrollTop + panel.clientHeight / 2;
    apply();
    panel.scrollLeft = cx * factor / before - panel.clientWidth / 2;
    panel.scrollTop = cy * factor / before - panel.clientHeight / 2;
  }

  panel.addEventListener("scroll", () => { scroll = { left: panel.scrollLeft, top: panel.scrollTop }; });
  document.getElementById("zoom-in").addEventListener("click", () => zoomTo(Math.min(MOST, factor * STEP)));
  document.getElementById("zoom-out").addEventListener("click", () => zoomTo(Math.max(1, factor / STEP)));
  document.getElementById("zoom-fit").addEventListener("click", () => zoomTo(1));
  document.getElementById("zoom-read").addEventListener("click", () => zoomTo(0));
  const view = document.getElementById("board-view");
  let asText = localStorage.getItem("boardView") === "text";
  function showView() {
    const text = narrow.matches && asText;
    document.body.classList.toggle("board-as-text", text);
    document.getElementById("board-text").hidden = !text;
    view.textContent = text ? "Picture" : "Text";
    view.setAttribute("aria-label", text ? "show the board as a picture" : "show the board as text");
  }
  view.addEventListener("click", () => {
    asText = !asText;
    localStorage.setItem("boardView", asText ? "text" : "picture");
    showView();
    apply();
  });
  showView();
  narrow.addEventListener("change", showView);
  narrow.addEventListener("change", apply);
  addEventListener("resize", apply);
  return { drawn, apply };
})();
