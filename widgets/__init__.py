"""ipywidgets/ipycanvas front end for berserk_kernel: the notebooks' apps (written later)."""
