"""Widgets for the course: cards, hands, tricks, and tables to play at (ipywidgets 8, no custom JavaScript).

    >>> from cardlib.widgets import GuidedRound
    >>> GuidedRound("alkort", players=4, seed=1)        # doctest: +SKIP

Every widget asks the engine for the rules (``legal_actions``, ``why_illegal``,
``explain_trick``, ``explain_score``) and only draws the answers. Interactive pieces
carry stable CSS classes (``cardlib-card``, ``cardlib-card-playable``,
``cardlib-card-unplayable``, ``cardlib-action``, ``cardlib-message``, ``cardlib-score``,
``cardlib-log``, ``cardlib-next-deal`` ...) so browser tests can find them. Under every table sits the coach
(``CoachPanel``): a hint at each of the learner's decisions, a review after the deal, the learner's mistakes asked
again; ``coach=False`` leaves it out. Everything is
played with the keyboard too (Tab to a card or a button, Enter or Space to press it), and a
card's name says whether it may be played, and why not, in the engine's words.
"""

from .coach import CoachPanel
from .explore import AlkortRankLab, DealExplorer, DealExplorerApp, RankComparator
from .faces import CardFace, card_html
from .parts import GameLog, HandWidget, ScoreBoard, TrickWidget
from .table import (
    PRESET_SCRIPTS,
    PRESETS,
    GameTable,
    GuidedRound,
    Preset,
    ScriptedPlayer,
    Table,
    option_picker,
    preset_bots,
)

__all__ = [
    "card_html",
    "CardFace",
    "HandWidget",
    "TrickWidget",
    "ScoreBoard",
    "GameLog",
    "DealExplorer",
    "RankComparator",
    "AlkortRankLab",
    "DealExplorerApp",
    "GuidedRound",
    "GameTable",
    "Table",
    "PRESETS",
    "PRESET_SCRIPTS",
    "Preset",
    "ScriptedPlayer",
    "preset_bots",
    "option_picker",
    "CoachPanel",
]
