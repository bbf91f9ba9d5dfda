"""Card faces and the look of the widgets: plain HTML and CSS, no JavaScript, nothing fetched.

A card face is a small white rounded box with the rank and suit in a corner and a big
suit symbol in the middle: red for hearts and diamonds, black for spades and clubs, or,
with the four-colour deck (the class ``cardlib-four-colour`` on a surrounding widget),
blue diamonds and green clubs. Screen readers get the card's name (``aria-label`` and
``title``: "King of diamonds"), on an Alkort table with its Icelandic name ("King of diamonds,
karlinn — the old man") so that a learner can read the Icelandic accounts of the game.
Colour never says anything alone: the suit has its symbol, a card that may not be played
its dashed border and stripes, and every card its status in words.

The stylesheet travels inside the widgets themselves (a ``<style>`` element in an HTML
widget), so the same look appears in JupyterLab, in Voilà and in an exported page.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from .. import games
from ..cards import SUIT_NAMES, Card
from ..cards import card as parse_card

RED, BLACK, BLUE, GREEN = "#c62828", "#1b1b1b", "#1550a8", "#2a6e2e"  # each 4.5:1 or more on the card's white
FOUR_COLOURS = {"♥": RED, "♦": BLUE, "♣": GREEN, "♠": BLACK}
SIZES = {"small": (34, 48, 11, 18), "normal": (52, 74, 14, 28), "large": (70, 100, 18, 40)}  # w, h, corner, pip


def ink(c: Card, *, four_colour: bool = False) -> str:
    """The colour a card is printed in: red for ♥♦, black for ♠♣ (four colours: ♦ blue, ♣ green)."""
    if four_colour:
        return FOUR_COLOURS[c.suit]
    return RED if c.is_red else BLACK


def suit_class(c: Card) -> str:
    """The CSS class naming a card's suit, which the four-colour deck recolours: 'cardlib-suit-diamonds'."""
    return f"cardlib-suit-{SUIT_NAMES[c.suit]}"


assert ink(Card("K", "♦")) == RED and ink(Card("K", "♦"), four_colour=True) == BLUE


def escape(text: str) -> str:
    """HTML-escape text but keep apostrophes readable ("player 1's turn")."""
    return html.escape(str(text), quote=False)


def card_title(c: Card, game: str | None = None) -> str:
    """A card's name for screen readers and tooltips; in a game that names its cards (the registry's card_name:
    Alkort's Icelandic names), with that name too ('King of diamonds, karlinn — the old man')."""
    own = own_name(c, game)
    return f"{c.name}, {own}" if own else c.name


def own_name(c: Card, game: str | None) -> str | None:
    """A card's own name in a game, as its registry entry gives it (None: no game, or a game the course does not
    know, or a card with no name of its own there)."""
    if game is None:
        return None
    try:
        entry = games.get(game)
    except ValueError:  # not a game the course knows: the card keeps its plain name
        return None
    return entry.card_name(c)


assert card_title(Card("K", "♦")) == "King of diamonds"


def card_html(c: Card | str, *, face_up: bool = True, size: str = "normal", game: str | None = None) -> str:
    """A card face in HTML: rank and suit in the corner, a big suit in the middle, its name for screen readers
    (``card_title``: in Alkort, ``game = "Alkort"``, with its Icelandic name)."""
    c = parse_card(c)
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    width, height, corner, pip = SIZES[size]
    box = (
        f"display:inline-block;position:relative;width:{width}px;height:{height}px;margin:2px;"
        f"border-radius:{width // 8}px;border:1px solid #9e9e9e;box-shadow:1px 1px 3px rgba(0,0,0,.25);"
        f"vertical-align:middle;font-family:Georgia,'DejaVu Serif',serif;line-height:1;"
    )
    if not face_up:
        return (
            f'<span class="cardlib-face cardlib-face-down" role="img" aria-label="a face-down card" '
            f'title="a face-down card" style="{box}background:repeating-linear-gradient(45deg,#1f4e8c 0 4px,'
            f'#2d6bc0 4px 8px);"></span>'
        )
    colour, title = ink(c), escape(card_title(c, game))
    # a small card has room for the rank in the corner and the suit below it; bigger ones repeat the suit
    index = c.rank if size == "small" else f"{c.rank}<br>{c.suit}"
    pip_top = "58%" if size == "small" else "50%"
    return (
        f'<span class="cardlib-face {suit_class(c)}" role="img" aria-label="{title}" title="{title}" '
        f'style="{box}background:#fffdf7;color:{colour};">'
        f'<span aria-hidden="true" style="position:absolute;left:4px;top:3px;font-size:{corner}px;'
        f'font-weight:bold;text-align:center">{index}</span>'
        f'<span aria-hidden="true" style="position:absolute;left:0;right:0;top:{pip_top};'
        f'transform:translateY(-45%);text-align:center;font-size:{pip}px">{c.suit}</span></span>'
    )


class CardFace(widgets.HTML):
    """One card face as a widget."""

    def __init__(self, c: Card | str, *, face_up: bool = True, size: str = "normal", **kwargs: Any) -> None:
        self.card = parse_card(c)
        super().__init__(value=card_html(self.card, face_up=face_up, size=size), **kwargs)
        self.add_class("cardlib-card-face")


# The stylesheet. Card buttons are ipywidgets Buttons dressed up as cards; a card that
# may not be played stays clickable (so a click can say why) but is striped, with a dashed
# border. A card button's text is the card on its first line and its status on the next
# ("K♦" / "— not playable: you must follow suit"): only the first line shows (the rest has
# no size), and all of it is the button's name for a screen reader and for the keyboard.
FOUR_COLOUR_CSS = "\n".join(
    f".cardlib-four-colour .{suit_class(Card('A', suit))} {{ color: {colour} !important; }}"
    for suit, colour in FOUR_COLOURS.items()
)
CSS = (
    """
<style>
.cardlib { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
.widget-button.cardlib-card { width: 50px; height: 72px; margin: 3px; padding: 24px 0 0; border-radius: 7px;
  border: 1px solid #9e9e9e; background: #fffdf7; box-shadow: 1px 2px 4px rgba(0,0,0,.25);
  font-family: Georgia, 'DejaVu Serif', serif; font-size: 0; line-height: 0; font-weight: bold;
  white-space: pre-line; overflow: hidden; text-align: center; vertical-align: top; display: inline-block;
  transition: transform .12s ease; }
.widget-button.cardlib-card::first-line { font-size: 18px; line-height: 22px; }
.widget-button.cardlib-red { color: RED_INK; }
.widget-button.cardlib-black { color: BLACK_INK; }
.widget-button.cardlib-card-playable { border: 2px solid #2e7d32; cursor: pointer; }
.widget-button.cardlib-card-playable:hover, .widget-button.cardlib-card-playable:focus-visible {
  transform: translateY(-6px); }
.widget-button.cardlib-card-unplayable { border: 2px dashed #616161; cursor: not-allowed; box-shadow: none;
  background: repeating-linear-gradient(135deg, #fbfbfb 0 6px, #ececec 6px 12px); }
.widget-button.cardlib-card-selectable { border: 2px dashed #1565c0; }
.widget-button.cardlib-card-selected { transform: translateY(-10px); border: 3px double #1565c0;
  background: #e3f2fd; }
.cardlib .widget-button:focus-visible, .cardlib .widget-toggle-button:focus-visible,
.cardlib select:focus-visible, .cardlib input:focus-visible, .cardlib summary:focus-visible {
  outline: 3px solid #1565c0 !important; outline-offset: 2px; box-shadow: 0 0 0 5px #fff; }
.cardlib-hand { padding-top: 12px; overflow: visible !important; }
.widget-button.cardlib-action { border-radius: 14px; margin: 3px; font-weight: 600; width: auto; }
.cardlib-hand-box { padding: 4px 8px; border-radius: 10px; border: 2px solid transparent; }
.cardlib-your-turn { border-color: #2e7d32; background: #f1f8e9; }
.cardlib-prompt { font-size: 15px; }
.cardlib-message, .cardlib-options-message { min-height: 1.6em; font-size: 15px; }
.cardlib-warning { color: #b71c1c; }
.cardlib-felt { background: #2e6b3f; color: #fff; border-radius: 12px; padding: 6px 10px; }
.cardlib-seat { display: inline-block; text-align: center; margin: 0 6px; font-size: 12px; vertical-align: top; }
.cardlib-fan .cardlib-face + .cardlib-face { margin-left: -22px !important; }
.cardlib-winner .cardlib-face { outline: 3px solid #ffd54f; }
.cardlib-log-lines { max-height: 260px; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid #ddd; border-radius: 8px; padding: 4px 8px; background: #fafafa; font-size: 13px; }
.cardlib-log-lines p { margin: 2px 0; line-height: 1.35; }
.cardlib-log-trick { color: #1b5e20; }
.cardlib-log-score { color: #0d47a1; font-weight: bold; }
.cardlib-log-info { color: #555; font-style: italic; }
.cardlib-score table { border-collapse: collapse; font-size: 14px; }
.cardlib-score td, .cardlib-score th { line-height: 1.35; padding: 2px 10px; border-bottom: 1px solid #ddd;
  text-align: left; }
.cardlib-score th[scope=row] { font-weight: normal; }
.cardlib-game-over { font-size: 18px; font-weight: bold; color: #0d47a1; }
.cardlib-verdict-yes { color: #2e7d32; font-weight: bold; }
.cardlib-verdict-no { color: #b71c1c; font-weight: bold; }
.cardlib-code-name { color: #3d3d3d; font-size: 85%; font-weight: normal; }
.cardlib-options .widget-label { white-space: nowrap; }
FOUR_COLOURS_HERE
</style>
""".replace("RED_INK", RED)
    .replace("BLACK_INK", BLACK)
    .replace("FOUR_COLOURS_HERE", FOUR_COLOUR_CSS)
)


def stylesheet() -> widgets.HTML:
    """An (invisible) HTML widget carrying the stylesheet."""
    sheet = widgets.HTML(CSS)
    sheet.add_class("cardlib-style")
    return sheet
