"""berserk_kernel: pure-Python rules kernels for «Берсерк» and «Битва за Город».

No Jupyter imports here: the widgets package drives this kernel, never the reverse.
"""
__version__ = "0.1.0"
