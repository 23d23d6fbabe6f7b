# tqdm.auto: tqdm's automatic choice of front end; in Kiln, the one tqdm (tqdm/__init__.py).
from tqdm import tqdm, trange

__all__ = ["tqdm", "trange"]
