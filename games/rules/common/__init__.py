"""What every game of the family shares: the interface each rules core implements
(:mod:`.game`), and the parts the cores have in common.

Cards (:mod:`.cards`)
    >>> from games.rules.common.cards import Card, DECK
    >>> Card.parse("th"), len(DECK)
    (Card.parse('TH'), 52)
"""
