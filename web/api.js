// The HTTP API, as any client sees it: JSON, a token in the Authorization header, and
// errors as {code, detail} whose detail is a sentence meant for people.

const TOKEN_KEY = "ginrummy.token";
export const API = "/api/v1";

export const auth = {
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  },
  set(token) {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
  },
};

export class ApiError extends Error {
  constructor(status, body) {
    const detail = (body && typeof body.detail === "string" && body.detail) || fallback(status);
    super(detail);
    this.status = status;
    this.code = (body && body.code) || "error";
    this.detail = detail;
    this.body = body || {};
  }
}

function fallback(status) {
  if (status === 0) return "The server cannot be reached. Check your connection and try again.";
  if (status >= 500) return "Something went wrong on the server. Please try again in a moment.";
  return `The server refused the request (HTTP ${status}).`;
}

// A random id this browser keeps and sends with each request: the server stores only a
// keyed hash of it (fair play: two accounts on one device play unrated games).
const DEVICE_KEY = "ginrummy.device";
function deviceId() {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export function authHeaders(extra = {}) {
  const headers = { Accept: "application/json", "X-Device-Id": deviceId(), ...extra };
  const token = auth.token;
  if (token) headers.Authorization = `Token ${token}`;
  return headers;
}

// Whether the server answers: a request that gets no answer at all (the connection dropped,
// the server is down) makes it unreachable, and from then on the health endpoint is asked
// every few seconds until it answers again. web/offline.js says so to the player.
let reachable = true;
const reachListeners = new Set();
export const connection = {
  get reachable() {
    return reachable;
  },
  listen(fn) {
    reachListeners.add(fn);
  },
};

export function noteReachable(value) {
  if (value === reachable) return;
  reachable = value;
  for (const fn of reachListeners) fn(value);
  if (!value) probe();
}

let probing = false;
async function probe() {
  if (probing) return;
  probing = true;
  try {
    while (!reachable) {
      await new Promise((resolve) => { setTimeout(resolve, PROBE_MS); });
      try {
        await fetch(`${API}/health`, { cache: "no-store" });
        noteReachable(true);
      } catch {
        // still no answer
      }
    }
  } finally {
    probing = false;
  }
}
const PROBE_MS = 2500;

// Called with the error when the server says the token is no longer valid.
let onUnauthorized = () => {};
export function setUnauthorizedHandler(fn) {
  onUnauthorized = fn;
}

export async function api(path, options = {}) {
  return (await request(path, options)).data;
}

// The answer with its HTTP status, for where 200 and 201 mean different things.
export async function request(path, { method = "GET", body, headers = {}, signal } = {}) {
  const init = { method, headers: authHeaders(headers), signal, cache: "no-store" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(API + path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    noteReachable(false);
    throw new ApiError(0, null);
  }
  noteReachable(true);
  if (response.status === 204) return { status: 204, data: null };
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, data);
    // A refusal that ends by itself (429, a tournament's pause) says when.
    const wait = Number(response.headers.get("Retry-After"));
    if (Number.isFinite(wait) && wait > 0) error.retryAfter = wait;
    if (response.status === 401 && auth.token) onUnauthorized(error);
    throw error;
  }
  return { status: response.status, data };
}

export const newKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
