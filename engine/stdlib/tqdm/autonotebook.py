# tqdm.autonotebook: tqdm's "notebook bar inside Jupyter, console bar elsewhere" choice (what
# pytorch-lr-finder and other libraries import); in Kiln, the one tqdm (tqdm/__init__.py).
from tqdm import tqdm, trange

__all__ = ["tqdm", "trange"]
