// Server-Sent Events over fetch(): the token travels in a header (EventSource cannot send
// one, and a token in the URL would end up in logs). Frames are `id:` / `event:` / `data:`
// lines ended by a blank line; `:` lines are comments (the server's pings).

import { API, ApiError, authHeaders, noteReachable } from "./api.js";
import { sleep } from "./dom.js";

export function parseFrame(text) {
  const frame = { id: null, event: "message", data: "" };
  const data = [];
  let any = false;
  for (const line of text.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "id") frame.id = value;
    else if (field === "event") frame.event = value;
    else if (field === "data") data.push(value);
    else continue;
    any = true;
  }
  if (!any) return null;
  frame.data = data.join("\n");
  return frame;
}

// Reads one stream until it ends; calls onFrame for each frame, onOpen once connected.
async function readStream(path, { lastEventId, signal, onOpen, onFrame, onBytes }) {
  const headers = authHeaders({ Accept: "text/event-stream" });
  if (lastEventId !== null && lastEventId !== undefined) headers["Last-Event-ID"] = String(lastEventId);
  let response;
  try {
    response = await fetch(API + path, { headers, signal, cache: "no-store" });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    noteReachable(false);
    throw new ApiError(0, null);
  }
  noteReachable(true);
  if (!response.ok || !response.body) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new ApiError(response.status, body);
  }
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buffer += value;
    let match;
    while ((match = /\r?\n\r?\n/.exec(buffer))) {
      const raw = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const frame = parseFrame(raw);
      if (frame) onFrame(frame);
    }
  }
}

// Follows an event stream for as long as it is wanted: reconnects with backoff, resumes
// after the last id seen, and while the stream is down calls poll() (if given) each time
// it waits, so that nothing is missed even where streaming never works. A stream that the
// server ends as `replaced` (another tab with the same token opened this game's stream)
// is not taken back at once: this tab polls until it is looked at again, so two tabs do
// not keep taking the stream from each other.
export class Follower {
  constructor(path, { lastEventId = null, onFrame, onStatus = () => {}, poll = null }) {
    this.path = path;
    this.lastEventId = lastEventId;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.poll = poll;
    this.controller = null;
    this.stopped = false;
    this.status = "connecting";
  }

  start() {
    this.loop();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.controller) this.controller.abort();
  }

  // Polls every few seconds until the page is shown or focused again.
  async untilLookedAt() {
    let looked = false;
    const wake = () => {
      if (document.visibilityState === "visible") looked = true;
    };
    window.addEventListener("focus", wake);
    document.addEventListener("visibilitychange", wake);
    try {
      while (!looked && !this.stopped) {
        if (this.poll) {
          try {
            await this.poll();
          } catch {
            // the next poll retries
          }
        }
        await sleep(5000);
      }
    } finally {
      window.removeEventListener("focus", wake);
      document.removeEventListener("visibilitychange", wake);
    }
  }

  setStatus(status) {
    if (status !== this.status) {
      this.status = status;
      this.onStatus(status);
    }
  }

  async loop() {
    let backoff = 1000;
    while (!this.stopped) {
      this.controller = new AbortController();
      let watchdog = null;
      const arm = () => {
        clearTimeout(watchdog);
        // The server pings every 15 s: a silent minute means a dead connection.
        watchdog = setTimeout(() => this.controller.abort(), 45000);
      };
      try {
        this.setStatus(this.status === "polling" ? "polling" : "connecting");
        await readStream(this.path, {
          lastEventId: this.lastEventId,
          signal: this.controller.signal,
          onOpen: () => {
            arm();
            backoff = 1000;
            this.setStatus("live");
          },
          onBytes: arm,
          onFrame: (frame) => {
            if (frame.id !== null && frame.id !== "") this.lastEventId = frame.id;
            if (frame.event === "replaced") this.replaced = true;
            else this.onFrame(frame);
          },
        });
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
          this.setStatus("closed");
          this.onFrame({ event: "error", error });
          break;
        }
      } finally {
        clearTimeout(watchdog);
      }
      if (this.stopped) break;
      this.setStatus(this.poll ? "polling" : "connecting");
      if (this.replaced) {
        this.replaced = false;
        await this.untilLookedAt();
        continue;
      }
      if (this.poll) {
        try {
          await this.poll();
        } catch {
          // the next poll or stream retries
        }
      }
      await sleep(backoff + Math.random() * 300);
      backoff = Math.min(backoff * 2, 5000);
    }
  }
}
