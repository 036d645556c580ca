// The peer's game for `make bench-peer`: a small card game of one move a turn. Each of two
// players holds ten cards; a turn is one move, `drawAndDiscard(card)`: the server draws the
// top card of the hidden stock into the mover's hand and discards `card` (which the client
// chose from its hand) onto the pile. When the stock runs out the pile under its top card
// is shuffled into a new stock. The match ends, a draw, after `setupData.moves` moves (the
// benchmark sets it near the length of a game of the service's, in moves).
const { INVALID_MOVE } = require('boardgame.io/core');

const RANKS = 'A23456789TJQK';
const SUITS = 'CDHS';

function deck() {
  const cards = [];
  for (const suit of SUITS) for (const rank of RANKS) cards.push(rank + suit);
  return cards;
}

function value(card) {
  const rank = card[0];
  if (rank === 'A') return 1;
  if ('TJQK'.includes(rank)) return 10;
  return Number(rank);
}

const DrawDiscard = {
  name: 'draw-discard',
  setup: ({ ctx, random }, setupData) => {
    const stock = random.Shuffle(deck());
    const hands = {};
    for (const player of ctx.playOrder) hands[player] = stock.splice(0, 10);
    return {
      stock,
      pile: [stock.pop()],
      hands,
      moves: 0,
      limit: (setupData && setupData.moves) || 100,
    };
  },
  moves: {
    drawAndDiscard: {
      // The stock is hidden: only the server can resolve the draw.
      client: false,
      move: ({ G, playerID, random }, card) => {
        const hand = G.hands[playerID];
        const at = hand.indexOf(card);
        if (at < 0) return INVALID_MOVE;
        if (G.stock.length === 0) {
          const top = G.pile.pop();
          G.stock = random.Shuffle(G.pile);
          G.pile = [top];
        }
        hand.splice(at, 1);
        hand.push(G.stock.pop());
        G.pile.push(card);
        G.moves += 1;
      },
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.moves >= G.limit ? { draw: true } : undefined),
  // Each player sees its own hand, the pile, and how many cards the others hold.
  playerView: ({ G, playerID }) => {
    const sizes = {};
    for (const [player, hand] of Object.entries(G.hands)) sizes[player] = hand.length;
    return {
      stock: G.stock.length,
      pile: G.pile,
      hand: playerID != null && G.hands[playerID] ? G.hands[playerID] : [],
      handSizes: sizes,
      moves: G.moves,
      limit: G.limit,
    };
  },
};

// What the load generator's players discard: the highest card of the hand.
function choose(hand) {
  let best = hand[0];
  for (const card of hand) if (value(card) > value(best)) best = card;
  return best;
}

module.exports = { DrawDiscard, choose };
