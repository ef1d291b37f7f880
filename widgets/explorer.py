"""The scenario explorer: build a Berserk position from the demo cards, force dice, play it out,
save and load scenario files, share it by a link.

    from widgets.explorer import ExplorerApp
    app = ExplorerApp()                 # display `app` in a notebook cell (Russian, or ?lang=en)
    c = app.controller                  # an `ExplorerController`: the same edits without widgets
    c.place("gorge_warden", "c2", owner=0)
    c.place("bog_troll", "c3", owner=1)
    c.force_dice(5, 2)                  # white 5, black 2 for the next strike
    c.play()                            # the position becomes a game (c.player: a BerserkController)
    c.player.apply("strike #1 #2")
    c.back_to_edit()

This module is the public entry; the parts are `explorer_controller` (state and edits, no
widgets: `explorer_edits`, `explorer_files`), `explorer_view` (the ipywidgets page) and
`explorer_words` (the texts in Russian and English).
"""
from __future__ import annotations

from .explorer_controller import (
    EDIT_HISTORY, PLAY_ZONES, SOURCE, ExplorerController, empty_position, find_examples_dir, order_in_play,
)
from .explorer_edits import FLAGS_BOOL, FLAGS_INT, kind_of
from .explorer_files import MAX_FILE_BYTES
from .explorer_view import ExplorerApp
from .explorer_words import WORDS, t

__all__ = ["EDIT_HISTORY", "FLAGS_BOOL", "FLAGS_INT", "MAX_FILE_BYTES", "PLAY_ZONES", "SOURCE", "WORDS",
           "ExplorerApp", "ExplorerController", "empty_position", "find_examples_dir", "kind_of",
           "order_in_play", "t"]

