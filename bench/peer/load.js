// The peer's load generator for `make bench-peer`: two-player matches of game.js on the
// boardgame.io server, each player a boardgame.io client on its socket.io transport that
// moves as soon as its turn comes. Driven by bench/peer_load.py over stdin and stdout, one
// JSON object a line each way (its answers start with "@@ "):
//
//   {"cmd": "start", "pairs": 16, "moves": 120}  open the matches; answers once all synced
//   {"cmd": "phase", "seconds": 20}               play; answers with what it measured
//   {"cmd": "quit"}
//
// Between phases nobody moves. A move is acknowledged when its mover's client receives the
// state that follows it. When a phase ends, each match is checked in the server's table
// right after its last acknowledgement: the state's _stateID stored there against the one
// acknowledged (boardgame.io sends the new state before it writes it).
const readline = require('readline');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Pool } = require('pg'); // bgio-postgres's own driver, pinned by package-lock.json
const { DrawDiscard, choose } = require('./game');

const server = `http://127.0.0.1:${process.env.PORT}`;
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const STUCK_MS = 10000; // a move unanswered this long counts as an error

let settings = { pairs: 16, moves: 100 };
let phase = null;

function now() {
  return performance.now();
}

function answer(object) {
  process.stdout.write(`@@ ${JSON.stringify(object)}\n`);
}

async function post(path, body) {
  const response = await fetch(`${server}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

class Pair {
  constructor() {
    this.players = [];
    this.matchID = null;
    this.passed = null; // the latest move sent: {seat, stateID, at, seen}
    this.acked = 0; // the latest acknowledged _stateID of this match
    this.checked = false; // checked in the table since the phase ended
    this.generation = 0;
    this.opening = false;
  }

  async open() {
    this.generation += 1;
    for (const player of this.players) player.client.stop();
    this.players = [];
    this.passed = null;
    this.acked = 0;
    const { matchID } = await post(`/games/${DrawDiscard.name}/create`, {
      numPlayers: 2,
      setupData: { moves: settings.moves },
    });
    const seats = [];
    for (const seat of ['0', '1']) {
      const joined = await post(`/games/${DrawDiscard.name}/${matchID}/join`, {
        playerID: seat,
        playerName: `player ${seat}`,
      });
      seats.push(joined.playerCredentials);
    }
    this.matchID = matchID;
    if (phase) phase.matches += 1;
    let waiting = 2;
    const synced = new Promise((resolve) => {
      this.players = seats.map(
        (credentials, seat) =>
          new Player(this, seat, credentials, () => {
            waiting -= 1;
            if (waiting === 0) resolve();
          }),
      );
    });
    for (const player of this.players) player.client.start();
    return synced;
  }

  inFlight() {
    return this.players.some((player) => player.sent !== null);
  }

  kick() {
    for (const player of this.players) player.consider(player.client.getState());
  }
}

class Player {
  constructor(pair, seat, credentials, onSynced) {
    this.pair = pair;
    this.seat = seat;
    this.onSynced = onSynced;
    this.generation = pair.generation;
    this.sent = null; // this player's move in flight: {stateID, at}
    this.client = Client({
      game: DrawDiscard,
      numPlayers: 2,
      matchID: pair.matchID,
      playerID: String(seat),
      credentials,
      multiplayer: SocketIO({ server }),
      debug: false,
    });
    this.client.subscribe((state) => this.onState(state));
  }

  onState(state) {
    if (!state || this.generation !== this.pair.generation) return;
    if (this.onSynced) {
      this.onSynced();
      this.onSynced = null;
    }
    const pair = this.pair;
    const passed = pair.passed;
    if (passed && passed.seat !== this.seat && !passed.seen && state._stateID > passed.stateID) {
      passed.seen = true; // the other seat has the move
      if (phase) phase.handoffs.push(now() - passed.at);
    }
    if (this.sent && state._stateID > this.sent.stateID) {
      const took = now() - this.sent.at;
      this.sent = null;
      pair.acked = Math.max(pair.acked, state._stateID);
      if (phase) {
        phase.latencies.push(took);
        phase.moves += 1;
        phase.inflight.delete(this);
        if (!phase.running && !pair.inFlight()) check(pair);
      }
    }
    if (state.ctx.gameover !== undefined) {
      // A new match once its last move is acknowledged (its mover's client still open).
      if (!pair.inFlight() && !pair.opening) {
        pair.opening = true;
        pair
          .open()
          .catch((error) => failed(`new match: ${error}`))
          .finally(() => {
            pair.opening = false;
          });
      }
      return;
    }
    this.consider(state);
  }

  consider(state) {
    const pair = this.pair;
    if (!state || !phase || !phase.running || this.generation !== pair.generation) return;
    if (state.ctx.gameover !== undefined || state.ctx.currentPlayer !== String(this.seat)) return;
    if (this.sent || (pair.passed && pair.passed.stateID >= state._stateID)) return;
    const at = now();
    this.sent = { stateID: state._stateID, at };
    pair.passed = { seat: this.seat, stateID: state._stateID, at, seen: false };
    phase.inflight.add(this);
    this.client.moves.drawAndDiscard(choose(state.G.hand));
  }
}

function failed(message) {
  if (phase) phase.errors += 1;
  process.stderr.write(`${message}\n`);
}

function check(pair) {
  if (pair.checked || !pair.acked || !phase) return;
  pair.checked = true;
  const acked = pair.acked;
  const current = phase;
  const query = pool
    .query(`SELECT (state->>'_stateID')::int AS stored FROM "Games" WHERE id = $1`, [
      pair.matchID,
    ])
    .then(({ rows }) => {
      current.checks.push({ acked, stored: rows.length ? rows[0].stored : null });
    })
    .catch((error) => failed(`check: ${error}`));
  current.pending.push(query);
  settle();
}

// Once the phase has ended and its last move in flight is acknowledged: answer.
function settle() {
  if (!phase || phase.running || phase.inflight.size > 0 || phase.reported) return;
  phase.reported = true;
  phase.ended = now();
  clearInterval(phase.watchdog);
  const done = phase;
  Promise.all(done.pending).then(() => {
    phase = null;
    answer({
      seconds: (done.ended - done.started) / 1000,
      moves: done.moves,
      latencies: done.latencies,
      handoffs: done.handoffs,
      errors: done.errors,
      matches: done.matches,
      checks: done.checks,
    });
  });
}

function runPhase(seconds) {
  phase = {
    running: true,
    started: now(),
    ended: null,
    moves: 0,
    latencies: [],
    handoffs: [],
    errors: 0,
    matches: 0,
    checks: [],
    pending: [],
    inflight: new Set(),
    reported: false,
  };
  for (const pair of pairs) {
    pair.checked = false;
    pair.kick();
  }
  const current = phase;
  const watchdog = setInterval(() => {
    for (const pair of pairs) {
      for (const player of pair.players) {
        if (player.sent && now() - player.sent.at > STUCK_MS) {
          failed(`match ${pair.matchID}: move unanswered`);
          player.sent = null;
          current.inflight.delete(player);
          if (current.running) pair.kick();
          else settle();
        }
      }
    }
  }, 1000);
  current.watchdog = watchdog;
  setTimeout(() => {
    current.running = false;
    // A match with no move in flight is checked now, the others at their acknowledgement.
    for (const pair of pairs) {
      if (!pair.inFlight()) check(pair);
    }
    settle();
  }, seconds * 1000);
}

let pairs = [];

async function start(options) {
  settings = { ...settings, ...options };
  pairs = Array.from({ length: settings.pairs }, () => new Pair());
  await Promise.all(pairs.map((pair) => pair.open()));
  answer({ ready: true });
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = JSON.parse(line);
  if (command.cmd === 'start') {
    start(command).catch((error) => {
      answer({ error: String(error) });
    });
  } else if (command.cmd === 'phase') {
    runPhase(command.seconds);
  } else if (command.cmd === 'quit') {
    for (const pair of pairs) for (const player of pair.players) player.client.stop();
    pool.end().finally(() => process.exit(0));
  }
});
