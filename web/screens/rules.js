// "Learn the game": the rules of each game as the server enforces them (docs/games/gin.md, rummy.md, indian-rummy.md).
// Each game is one entry of PAGES; another game adds one more.

import { h } from "../dom.js";

const p = (...parts) => h("p", {}, ...parts);
const ul = (...items) => h("ul", {}, items.map((item) => h("li", {}, item)));
const section = (title, ...body) => h("section", { class: "rules-part" }, h("h2", {}, title), ...body);

const PAGES = {
  gin: {
    label: "Gin Rummy",
    intro: "Two players, one deck of 52 cards. Make melds, keep your deadwood low, knock or go gin first.",
    body: () => [
      section("Cards and melds",
        ul("Aces are worth 1, 2 to 10 their face value, jacks, queens and kings 10.",
          "A set is 3 or 4 cards of one rank. A run is 3 or more cards in a row of one suit, the ace low only (A 2 3, never Q K A), never wrapping.",
          "A card belongs to one meld at most. Cards in no meld are your deadwood.")),
      section("The deal and the first upcard",
        ul("Each player gets 10 cards; the next card starts the discard pile face up. The dealer changes every round.",
          "The non-dealer may take that first upcard or pass; then the dealer may. If both pass, the non-dealer draws from the stock.")),
      section("Your turn",
        ul("Draw the top card of the stock or of the discard pile, then discard one card.",
          "A card you took from the discard pile cannot be discarded in the same turn.",
          "The round is a draw when a discard leaves only 2 cards in the stock and nobody knocked.")),
      section("Knock, gin and big gin",
        ul("Knock: discard face down when the deadwood of your other 10 cards is 10 or less (the table's knock limit).",
          "Gin: knock with no deadwood at all. Big gin: all 11 cards melded after drawing, declared without a discard.",
          "After a knock the other player lays off deadwood on the knocker's melds (never after gin). The server arranges both hands to the least deadwood, so you never lose points by arranging them yourself.")),
      section("Scoring",
        ul("Knock: the difference in deadwood. Gin: 25 plus the other player's deadwood. Big gin: 31 plus it.",
          "Undercut: if the other player's deadwood is not more than the knocker's, they score 25 plus the difference instead.",
          "The game ends in the round a player reaches the target (100). Bonuses: 100 for the game, 25 per round won for each player; a shutout doubles the winner's points.")),
      section("Table options",
        p("Play to 100, 50 or 25; knock with up to 10, 7, 5 or 0 (gin only); Oklahoma (the first upcard sets the knock limit); big gin on or off.")),
    ],
  },
  rummy: {
    label: "Rummy",
    intro: "Two to four players, two decks and up to six jokers. Come out with 40 points of melds, build on everyone's melds, and be the first to get rid of your cards.",
    body: () => [
      section("Cards",
        ul("Two decks of 52 and the jokers (6 unless the table says otherwise): a hand can hold the same card twice.",
          "Left in your hand at the end of a round: 2 to 10 face value, jacks, queens and kings 10, aces 11, jokers 20.")),
      section("Melds",
        ul("A set is 3 or 4 cards of one rank, no two of the same suit.",
          "A run is 3 or more cards in a row of one suit. The ace is low (A 2 3) or high (Q K A), never both, and a run never wraps (K A 2 is not a run).",
          "A joker stands for any card a meld needs, but jokers never outnumber the natural cards of a meld, and two jokers never stand next to each other in a run.")),
      section("The deal and your turn",
        ul("Everyone gets 13 cards (fewer if the table says so); the next card starts the discard pile. The player after the dealer starts.",
          "Draw from the stock or take the top of the discard pile; then meld, lay off and swap jokers as often as you like; then discard one card to end your turn.",
          "A card you took from the discard pile cannot be discarded in the same turn, unless it is your last card.")),
      section("Coming out",
        ul("Your first meld action must put down melds worth at least 40 points in one go (the table's first_meld_points). A joker counts as the card it stands for; an ace counts 1 low and 11 high or in a set.",
          "Until you have come out you cannot lay off cards or swap jokers.")),
      section("Laying off and swapping jokers",
        ul("Lay off: add one of your cards to any meld on the table, yours or another player's (a set up to 4 cards, a run at either end).",
          "Swap: put the natural card a joker stands for into that meld and take the joker. You must meld or lay off that joker before you discard.")),
      section("Going out and scoring",
        ul("You go out by discarding your last card. A meld or lay-off that would empty your hand is refused: keep a card to discard.",
          "When you go out, every other player scores minus the value of their hand, and you score what they lose.",
          "Hand rummy: going out in one turn without having put anything on the table before doubles the round's points.",
          "Block: when the stock is empty after a discard and nobody went out, everyone loses their hand's points.")),
      section("The end of the game",
        ul("The game ends after the round in which someone reaches −500 (the loss limit), or after the table's number of rounds.",
          "The highest total wins; ties go to whoever won more rounds, then to the lower seat. Everyone is placed, first to last.",
          "At a table of 3 or 4, a player who leaves (concedes, or runs out of time three turns in a row) is placed last, and a computer plays their seat.")),
      section("Table options",
        p("Seats 2 to 4, computers in any of them, jokers 0 to 6, hand size 7 to 13, coming out with 0 to 60 points, a loss limit of 100 to 5000, or a fixed number of rounds.")),
    ],
  },
  indian: {
    label: "Indian Rummy",
    intro: "Two to six players, 13 cards each, two decks with their printed jokers and a wild joker drawn at each deal. Arrange your hand into sequences and sets and be the first to make a valid show. Points are penalty points: lower is better.",
    body: () => [
      section("Cards and jokers",
        ul("Two decks of 52 and one printed joker each (106 cards); a table of two may play with one deck.",
          "At the deal one card is turned face up beside the stock: the wild joker card. Every card of its rank, in every suit, is a joker for that deal, as are the printed jokers. If the wild joker card is a printed joker, the aces are jokers.",
          "Cards left out of valid groups at the end of a deal cost: 2 to 10 face value, aces, kings, queens and jacks 10, jokers 0. A hand costs at most 80 points.")),
      section("Sequences and sets",
        ul("A sequence is 3 or more cards of one suit in a row; the ace is low (A 2 3) or high (Q K A), never wrapping (K A 2 is not one).",
          "A pure sequence has no joker standing in for another card. A card of the wild rank used as itself in its own suit's sequence still counts as natural; a printed joker never does.",
          "A set is 3 or 4 cards of one rank, all of different suits.",
          "Jokers may stand in a sequence or a set in any number, side by side or not, as long as the group holds one natural card.")),
      section("Your turn",
        ul("Draw the top card of the stock or of the discard pile, then discard one card, or declare instead of discarding.",
          "A joker on the discard pile cannot be taken, unless it is the deal's first upcard.",
          "When the stock runs out, the discard pile (but its top card) is shuffled into a new stock, verifiably.")),
      section("Declaring a show",
        ul("To declare, put one card face down and show the other 13 in groups.",
          "A valid show has at least two sequences, one of them pure, and every other card in a valid sequence or set (jokers may sit anywhere). It ends the deal: you score 0.",
          "The others score the cards left out of their best groups, arranged by the server to cost them least; their groups only count if they hold a pure sequence and a second sequence.",
          "A show that is not valid is a wrong show: it costs 80 points and takes you out of the deal; the others play on.")),
      section("Dropping",
        ul("On your turn you may drop out of the deal: before your first draw it costs 20 points (a first drop), after it 40 (a middle drop). In pool 201 the costs are 25 and 50.",
          "When only one player is left in the deal, that player wins it with 0.")),
      section("Formats",
        ul("Points: one deal; the lowest score wins.",
          "Pool 101 or 201: deals go on and totals add up; a player whose total reaches the pool is out; the last player left wins.",
          "Deals: a fixed number of deals (2, 3 or 6); the lowest total wins.",
          "At a table of three or more, a player who leaves pays the highest drop cost for the deal and is placed last.")),
      section("Table options",
        p("Seats 2 to 6, computers in any of them, the format, one or two decks (one only with two seats), the most a hand can cost (40 to 160), the drop and wrong-show costs.")),
    ],
  },
};

export const RULE_PAGES = PAGES;

export function rules(main, name) {
  const chosen = Object.hasOwn(PAGES, name) ? name : Object.keys(PAGES)[0]; // the first game's page unless named
  const page = PAGES[chosen];
  const tabs = h("nav", { class: "tabs", "aria-label": "Games" }, Object.entries(PAGES).map(([key, value]) =>
    h("a", { href: `#/rules/${key}`, class: ["tab", key === chosen && "active"], "aria-current": key === chosen ? "page" : null }, value.label)));
  main.append(h("article", { class: "panel wide rules-page", "data-testid": "rules", "data-variant": chosen },
    h("h1", {}, `How to play ${page.label}`), tabs,
    h("p", { class: "lead" }, page.intro),
    page.body(),
    h("p", { class: "hint" }, "These are the rules the server enforces: a move it refuses is answered with a sentence saying why.")));
}
