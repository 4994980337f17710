// The host's page: every seat's link and the spectators', each with a button that copies it.
"use strict";

const hostToken = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

function copyText(text, input) {
  // the clipboard API needs a secure context (this computer, or https); else select and copy
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  input.focus();
  input.select();
  return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("no copy"));
}

function row(seat, kind, path) {
  const tr = document.createElement("tr");
  const name = document.createElement("td");
  name.textContent = seat;
  const who = document.createElement("td");
  who.textContent = kind;
  tr.append(name, who);
  const link = document.createElement("td");
  const copy = document.createElement("td");
  if (path) {
    const url = location.origin + path;
    const input = document.createElement("input");
    input.type = "text";
    input.readOnly = true;
    input.value = url;
    input.className = "link";
    input.addEventListener("focus", () => input.select());
    link.append(input);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Copy";
    button.dataset.url = url;
    button.addEventListener("click", () => {
      copyText(url, input).then(
        () => { document.getElementById("copied").textContent = `Copied the link of ${seat}.`; },
        () => { document.getElementById("copied").textContent = "Select the link and copy it (Ctrl-C)."; });
    });
    copy.append(button);
  } else {
    link.textContent = "no link: a bot plays it";
    link.className = "quiet";
  }
  tr.append(link, copy);
  return tr;
}

async function show() {
  const response = await fetch(`/api/${encodeURIComponent(hostToken)}/links`, { cache: "no-store" });
  const data = await response.json();
  if (!response.ok) {
    document.getElementById("title").textContent = data.error || `error ${response.status}`;
    return;
  }
  document.title = `${data.game}: the links`;
  document.getElementById("title").textContent = `${data.game} - the links of this table`;
  document.getElementById("origin").textContent = location.origin;
  const body = document.querySelector("#links tbody");
  body.replaceChildren(
    ...data.seats.map((s) => row(s.name, s.path ? "a person" : `the ${s.kind} bot`, s.path)),
    row("Spectators", "anyone: what every player sees", data.spectator));
}

show();
