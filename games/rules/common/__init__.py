"""What every game of the family shares: the one interface each rules core implements, and
the parts the cores would otherwise each write again. Standard library only; it imports
no game.

The interface (:mod:`.game`)
    ``GameRules[State, Action, View]`` (a Protocol: deal, apply, view, settle, store),
    ``Progress``, ``SeatRecord``, ``GameOutcome``, ``RuleOption``, ``GameSchemas``,
    ``Forfeit``, ``progress_of(state)``, and ``replay(game, state, steps, decks)``, the
    one fold of a move log.

    >>> import random
    >>> from games.rules.common.game import replay
    >>> from games.rules.gin import GIN_RULES
    >>> rules = GIN_RULES.rules_from_json({"oklahoma": True})
    >>> deck = GIN_RULES.new_deck(random.Random(7), rules)
    >>> state = GIN_RULES.new_game(rules, seats=2, dealer=0, deck=deck, salt="")
    >>> steps = [(1, GIN_RULES.action_from_json({"type": "pass"})),
    ...          (0, GIN_RULES.action_from_json({"type": "pass"}))]
    >>> *_, last = replay(GIN_RULES, state, steps, decks=[])
    >>> GIN_RULES.progress(last).turn, GIN_RULES.view_to_json(
    ...     GIN_RULES.view_for(last, 1))["round"]["legal_actions"]
    (1, [{'type': 'draw_stock'}])

Cards (:mod:`.cards`)
    ``Card`` (``Card.parse``: the 52 natural cards), ``Suit``, ``Joker`` / ``JOKER``
    (``XX``), ``AnyCard``, ``parse_card`` (a card or the joker), ``cards(text,
    jokers=False)``, ``card_at(index)``, ``card_texts``, ``opt_card_text``,
    ``sort_cards``; the mask layout: ``DECK``, ``mask_of``, ``cards_of``, ``RANK_CHARS``,
    ``SUIT_CHARS``, ``SUIT_BITS``, ``SUIT_FIELD``, ``FULL_MASK``, ``RANK_COLUMN``,
    ``JOKER_INDEX``.

    >>> from games.rules.common.cards import Card, DECK, cards, parse_card
    >>> Card.parse("th"), len(DECK), parse_card("xx")
    (Card.parse('TH'), 52, JOKER)
    >>> cards("7h XX", jokers=True)
    (Card.parse('7H'), JOKER)

Actions (:mod:`.actions`)
    ``DrawStock``, ``DrawDiscard``, ``Discard[C]`` (the actions several games take),
    ``draw_is_public(action_json)``.

Errors (:mod:`.errors`)
    ``RulesError`` (``.code``, ``.detail``, ``.kind``); ``InvalidInput`` (``.fields``):
    ``InvalidCard``, ``ValidationError``; ``IllegalAction``: ``GameNotActive``,
    ``NotYourTurn``, ``WrongPhase``, ``CardNotInHand``, ``CannotDiscardDrawnCard``,
    ``InvalidMelds``; ``ErrorCode`` (the shared codes; each game has its own enum too),
    ``ErrorKind``, ``BASE_ERRORS`` (those every game raises), ``SHARED_ERRORS``,
    ``http_status(error)``, ``errors_by_code(errors)``, ``brief_repr``, ``brief_list`` (a
    few items named in a message, then a count).

    >>> from games.rules.common.errors import NotYourTurn, ValidationError, http_status
    >>> http_status(ValidationError), http_status(NotYourTurn)
    (400, 409)

Rule options (:mod:`.options`)
    ``rule_options(ruleset, ranges, help)`` (a rule set's fields as ``RuleOption``),
    ``options_from_dict(data, options)``, ``check_options(values, options)``,
    ``defaults(options)``, ``option_problems(values, options)``.

A seat's view (:mod:`.view`)
    ``SeatView[Rules, RoundView, RoundResult, FinalResult]``, every game's
    ``PlayerView`` (seat, rules, scores, round, rounds, left, final), and
    ``SeatView.of(state, seat, round_view)``, the view its engine's ``view_for`` returns.

JSON (:mod:`.codec`, :mod:`.schema`)
    ``read_action_type`` (the action envelope), ``read_action_body`` (the envelope and
    each type's required keys), ``card_field``, ``melds_field``,
    ``check_card_lists`` (the bounds a hand sets on a body's melds or groups),
    ``game_view_to_json`` (the view's outline: scores, round, rounds, final),
    ``JsonReader``, ``MAX_INT``, ``check_format``, ``read_state_header`` (a stored
    state's format, variant and seats), ``read_stored``; ``SHARED`` (the JSON
    Schemas several games use).

Sets and runs with printed jokers (:mod:`.melds`)
    ``MeldKind``, ``End``, ``read_meld`` (what a written meld is), ``extensions`` (where
    one more card fits on a meld), ``natural_at``, ``run_cards``: what Rummy and Rummy 500
    read alike; each keeps its own table meld and points.

Settling (:mod:`.results`)
    ``game_outcome(state, hand_points, **wins)``: every game's ``outcome`` (each seat's
    total, the rounds it won and the points they brought it).

The round's machinery (:mod:`.engine`)
    ``refuse_turn`` (game over, round over, not your turn: the checks every action goes
    through first, in that order), ``check_phase``, ``check_deal_due``, ``check_seat``,
    ``check_seat_count``, ``check_card``, ``check_concede_reason`` / ``CONCEDE_REASONS``,
    ``is_legal(apply_action, state, action, seat)``, ``evolve(state, **changes)``,
    ``without(hand, card)``, ``replace_at(values, index, value)``.
"""
