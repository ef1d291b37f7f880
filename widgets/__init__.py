"""ipywidgets/ipycanvas front end for berserk_kernel: the notebooks' apps (written later)."""
from .berserk_app import BerserkApp, BerserkController
from .canvas_view import CanvasView, ShapePainter
from .city_app import CityApp
from .city_controller import CityController
from .controller_base import Message, Prompt
from .i18n import page_lang
from .replay_view import ReplayController, ReplayView

__all__ = ["BerserkApp", "BerserkController", "CanvasView", "ShapePainter", "CityApp", "CityController",
           "Message", "Prompt", "page_lang", "ReplayController", "ReplayView"]
