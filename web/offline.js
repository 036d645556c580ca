// The client as an installed app: its service worker (web/sw.js) registered, a new version
// offered with a reload, and the connection's state said plainly: a bar while the server
// cannot be reached, a word when it is back, and the screen that could not load then is
// drawn again by itself.

import { connection } from "./api.js";
import { h, replace } from "./dom.js";

export function startOffline(ctx) {
  const bar = h("p", { class: "connection-bar", role: "status", "aria-live": "polite", "data-testid": "connection", hidden: true });
  document.querySelector(".site-top").after(bar);
  let backTimer = null;
  const show = (reachable) => {
    clearTimeout(backTimer);
    bar.dataset.state = reachable ? "back" : "offline";
    replace(bar, reachable
      ? "Connected again."
      : "No connection to the server. Your games are safe; this page carries on by itself as soon as the connection is back.");
    bar.hidden = false;
    if (reachable) backTimer = setTimeout(() => { bar.hidden = true; }, 4000);
  };
  connection.listen((reachable) => {
    show(reachable);
    if (reachable && ctx.routeFailed) ctx.route();
  });
  window.addEventListener("offline", () => show(false));
  if (!navigator.onLine) show(false);
  registerWorker();
}

// A new version of the client (a new worker, installed and waiting) is offered: taking it
// hands the page to the new worker, and the page reloads with its files.
let updating = false;

function offerUpdate(worker) {
  const notice = document.getElementById("notice");
  replace(notice, h("p", { class: "notice info", "data-testid": "update" },
    h("span", {}, "A new version of this site is ready."),
    h("button", {
      type: "button", class: "small", "data-key": "update",
      onclick: () => {
        updating = true;
        worker.postMessage("update");
      },
    }, "Use it now"),
    h("button", { type: "button", class: "link", "aria-label": "Dismiss", onclick: () => replace(notice) }, "\u00d7")));
}

function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) window.location.reload();
  });
  let registering;
  try {
    registering = navigator.serviceWorker.register("/sw.js");
  } catch {
    return; // no worker: the client works as a plain page
  }
  Promise.resolve(registering).then((registration) => {
    if (!registration) return;
    // The first install has nothing to replace (no controller yet).
    const offer = (worker) => {
      if (worker && navigator.serviceWorker.controller) offerUpdate(worker);
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
  }).catch(() => {
    // no worker: the client works as a plain page
  });
}
